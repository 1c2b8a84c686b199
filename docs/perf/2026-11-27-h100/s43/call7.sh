#!/bin/bash
# Forty-third session, call 7: onesweep taking each tile's counts from its ranking's rows
# (WG_EXP_ROWS=1: no histogram of shared atomics; the AGGREGATEs published after the ranking's
# rounds) against the same binary without (base) and against commit 557c26b (.gpu/wg-base), whose
# rank_tile is not split in two, in the order B A R R A B (B: wg-base, A: base, R: rows).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv
.gpu/workgroup bandwidth --mb 256 --runs 30 | tail -3
for m in B A R R A B; do
  unset WG_EXP_ROWS; W=.gpu/workgroup
  [ $m = B ] && W=.gpu/wg-base
  [ $m = R ] && export WG_EXP_ROWS=1
  for n in 65536 1048576 4194304 16777216 67108864; do
    echo "== onesweep $m u32 $n"; $W sort --n $n --type u32 --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
  done
  echo "== onesweep $m f32 indices 1048576"; $W sort --n 1048576 --type f32 --indices --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
  echo "== onesweep $m u32 indices 67108864"; $W sort --n 67108864 --type u32 --indices --variant onesweep --runs 20 2>&1 | grep -E '^onesweep ' | cut -c1-60
  if [ $m != R ]; then for n in 1048576 67108864; do
    echo "== radix $m u32 $n"; $W sort --n $n --type u32 --variant radix --runs 30 2>&1 | grep -E '^radix ' | cut -c1-60
  done; fi
done
for m in B A R; do
  unset WG_EXP_ROWS; W=.gpu/workgroup; [ $m = B ] && W=.gpu/wg-base; [ $m = R ] && export WG_EXP_ROWS=1
  echo "== stats $m"; $W sort --n 1048576 --type u32 --variant radix,onesweep --runs 2 --stats 2>&1 | grep -E "radix_onesweep|radix_scatter" | cut -c1-150
done
export WG_EXP_ROWS=1
echo "== rows check f32 2^26 + 3 normal"; .gpu/workgroup sort --n 67108867 --type f32 --dist normal --variant onesweep --runs 5 2>&1 | grep -E '^onesweep ' | cut -c1-60
} > $OUT/call7.txt 2>&1
