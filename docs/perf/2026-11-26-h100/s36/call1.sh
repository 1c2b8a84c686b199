#!/bin/bash
# Thirty-sixth session, one call on whichever GPU it got, at the session's commit (.gpu/workgroup):
# issue 5's goals side by side with ../shared/peers/run.sh and CUB (reduce of 2^28 f32 against
# torch.sum; stable compaction of 2^26 f32 at 50% against torch's x[x > 0.5], CUB's
# DeviceSelect::If and the read-all-write-half floor), and the radix sorts next to CUB's SortKeys
# (the thirty-fifth session's radix change was measured without CUB).
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
$W devices 2>&1 | head -5
log $W bandwidth --mb 256 --runs 50
log $W reduce --n 268435456 --type f32 --op sum --variant all --runs 30
log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant all --runs 30
for rep in 1 2 3; do log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50; done
log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant stable --runs 30
log $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
for ty in u32 f32; do for n in 1048576 16777216 67108864; do
  log $W sort --n $n --type $ty --variant radix,onesweep --runs 30
done; done
date -u
} > $out/ours.txt 2>&1
{
echo "### peers"; bash .gpu/peers/run.sh
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && for lg in 26 24; do /tmp/compact_cub $lg; done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/sort_cub scripts/peers/sort_cub.cu && /tmp/sort_cub
log $W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 30
log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
log $W sort --n 67108864 --type f32 --variant radix --runs 30
date -u
} > $out/peers.txt 2>&1
