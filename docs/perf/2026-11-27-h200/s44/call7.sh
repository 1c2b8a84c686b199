#!/bin/bash
# Forty-fourth session, call 7: why `overlap` takes 1.2x longer for a running max than for sums
# (call 5), where the other variants take the same: its kernels' statistics and machine code for
# sum, max and min, and the max with other reducer counts and a barrier after the reducers.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for op in sum max min; do
  $W --internals /tmp/k/$op scan --n 16777216 --type u32 --op $op --variant overlap --runs 3 > /dev/null
  echo "## $op"; python3 scripts/nvidia-sass /tmp/k/$op
  for f in /tmp/k/$op/*.stats.txt; do echo "# $f"; cat $f; done
done
for k in 1 2; do for op in sum max min; do
  echo "## $op 2^24 and 2^26 round $k"
  $W scan --n 16777216 --type u32 --op $op --variant overlap,single-pass --runs 30 | grep -E "^(overlap|single)"
  $W scan --n 67108864 --type u32 --op $op --variant overlap --runs 30 | grep -E "^(overlap|single)"
done; done
for r in 66 264; do echo "## max reducers $r"; $W scan --n 67108864 --type u32 --op max --variant overlap --reducers $r --runs 30 | grep -E "^overlap"; done
echo "## max with a barrier after the reducers"; $W scan --n 67108864 --type u32 --op max --variant overlap --overlap-barrier --runs 30 | grep -E "^overlap"
echo "## sum with a barrier after the reducers"; $W scan --n 67108864 --type u32 --op sum --variant overlap --overlap-barrier --runs 30 | grep -E "^overlap"
} > $OUT/call7.txt 2>&1
tar czf $OUT/internals.tgz -C /tmp k
