#!/bin/bash
# Forty-sixth session, call 13 (call 3's experiment build, `s46-call3-tried.diff`): the scan's
# `overlap` reading its words after the rounds' scans (WG_EXP_SCAN=1) against the kept code (0),
# by size, to see where it gains: u32 exclusive and f32 inclusive sums 2^20-2^26, running max
# 2^20-2^22 (where `overlap` is the choice for max). Alternating 0 1 1 0, medians of 30.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
X=.gpu/wg-exp
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for s in 0 1 1 0; do
  echo "## scan $s"
  for n in 1048576 4194304 8388608 16777216 33554432 67108864; do
    echo "# u32 sum $n"; WG_EXP_SCAN=$s $X scan --n $n --type u32 --exclusive --variant overlap --runs 30 | grep -E "^overlap|rror"
    echo "# f32 sum $n"; WG_EXP_SCAN=$s $X scan --n $n --type f32 --variant overlap --runs 30 | grep -E "^overlap|rror"
  done
  for n in 1048576 4194304; do
    echo "# u32 max $n"; WG_EXP_SCAN=$s $X scan --n $n --type u32 --op max --variant overlap --runs 30 | grep -E "^overlap|rror"
  done
done
} > $OUT/call13.txt 2>&1
