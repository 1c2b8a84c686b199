#!/bin/bash
# Forty-fourth session, call 8: `overlap` for running max / min with two reducers a
# multiprocessor (--reducers 264 on the H200's 132) against the default (one), by size, twice.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for k in 1 2; do for op in max min; do for e in 18 20 22 24 26 28; do n=$((1<<e))
  for r in 0 264; do echo "## $op 2^$e reducers $r round $k"; $W scan --n $n --type u32 --op $op --variant overlap --reducers $r --runs 30 | grep -E "^overlap|rror"; done
  [ $k = 1 ] && { echo "## $op 2^$e single-pass"; $W scan --n $n --type u32 --op $op --variant single-pass --runs 30 | grep -E "^single|rror"; }
done; done; done
for e in 20 26; do n=$((1<<e)); for r in 0 264; do echo "## f32 max 2^$e reducers $r"; $W scan --n $n --type f32 --op max --variant overlap --reducers $r --runs 30 | grep -E "^overlap|rror"; done; done
} > $OUT/call8.txt 2>&1
