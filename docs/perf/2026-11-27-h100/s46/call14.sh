#!/bin/bash
# Forty-sixth session, call 14 (experiment build, `s46-reducer-part-first-tried.diff`): the scan's
# `overlap` reducers taking each invocation's part of a tile before issuing the next tile's loads
# (WG_EXP_RED=1, as the compaction's counters do) instead of copying the tile and loading first
# (0, the kept code), for the running min / max's 40 registers. Registers from --internals, then
# alternating 0 1 1 0, medians of 30; `single-pass` for the max beside.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
X=.gpu/wg-red
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for e in 0 1; do for op in sum max; do
  mkdir -p /tmp/i$e$op; WG_EXP_RED=$e $X --internals /tmp/i$e$op scan --n 16777216 --type u32 --op $op --variant overlap --runs 2 >/dev/null 2>&1
  echo "# exp $e $op"; grep -i -H "register count" /tmp/i$e$op/*overlap_reduce*.stats.txt | sed 's#.*/##' | cut -c1-140
done; done
for e in 0 1 1 0; do
  echo "## red $e"
  for n in 16777216 67108864 268435456; do
    echo "# u32 sum $n"; WG_EXP_RED=$e $X scan --n $n --type u32 --exclusive --variant overlap --runs 30 | grep -E "^overlap|rror"
  done
  for n in 4194304 16777216 67108864 268435456; do
    echo "# u32 max $n"; WG_EXP_RED=$e $X scan --n $n --type u32 --op max --variant overlap --runs 30 | grep -E "^overlap|rror"
  done
  echo "# u32 min 16777216"; WG_EXP_RED=$e $X scan --n 16777216 --type u32 --op min --variant overlap --runs 30 | grep -E "^overlap|rror"
  echo "# f32 max 67108864"; WG_EXP_RED=$e $X scan --n 67108864 --type f32 --op max --variant overlap --runs 30 | grep -E "^overlap|rror"
  echo "# f32 sum 67108864"; WG_EXP_RED=$e $X scan --n 67108864 --type f32 --variant overlap --runs 30 | grep -E "^overlap|rror"
done
echo "## single-pass max"
for n in 4194304 16777216 67108864 268435456; do
  echo "# u32 max $n"; $X scan --n $n --type u32 --op max --variant single-pass --runs 30 | grep -E "^single|rror"
done
echo "# f32 max 67108864"; $X scan --n 67108864 --type f32 --op max --variant single-pass --runs 30 | grep -E "^single|rror"
} > $OUT/call14.txt 2>&1
