#!/bin/bash
# Thirty-fourth session, one call on whichever GPU it got: issue 5's goals side by side with
# ../shared/peers/run.sh and CUB (reduce of 2^28 f32 against torch.sum; stable compaction of 2^26
# f32 at 50%), at the session's commit (wg-after), and the onesweep's last-pass fence before
# (wg-before, 600c17a) and after (wg-after), alternating.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
A=.gpu/wg-after; B=.gpu/wg-before
log() { echo "### $*"; "$@"; }
{
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
$A devices 2>&1 | head -5
log $A bandwidth --mb 256 --runs 50
log $A reduce --n 268435456 --type f32 --op sum --variant all --runs 30
log $A compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant all --runs 30
for rep in 1 2 3; do log $A compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50; done
log $A compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant stable --runs 30
log $A compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
for rep in 1 2; do for w in before after; do
  W=.gpu/wg-$w
  for n in 1048576 16777216 67108864; do log $W sort --n $n --type u32 --variant onesweep --runs 30; done
done; done
date -u
} > $out/ours.txt 2>&1
{
echo "### peers"; bash .gpu/peers/run.sh
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && for lg in 26 24; do /tmp/compact_cub $lg; done
log $A reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 30
log $A compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
date -u
} > $out/peers.txt 2>&1
