#!/bin/bash
# Thirty-eighth session, call 4: the overlap's sets and first reads from L2 (B: atomic flips;
# the counters' sets coherent; the scatter's sets and both sets' words as coherent pairs, issued
# together; the two passes' set and sums the same way) against the kept kernels (A, commit
# 537fafe), in the order A B B A, then A B at 2^26; then B under fresh inputs through one compactor and one scanner,
# each checked.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
log() { echo "### $*"; "$@"; }
{
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
for W in .gpu/wg-a .gpu/wg-b .gpu/wg-b .gpu/wg-a; do
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant stable --runs 30
  log $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
  log $W compact --n 1048576 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30 --stable-overlap 0
  log $W scan --n 67108864 --type u32 --exclusive --variant overlap --runs 30
done
for W in .gpu/wg-a .gpu/wg-b; do
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
done
date -u
log .gpu/wg-b compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 5 --alternate-check 60
log .gpu/wg-b compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 5 --alternate-check 150
log .gpu/wg-b compact --n 1000003 --type u32 --pred even --pass-fraction 0.5 --variant stable --runs 5 --alternate-check 150
log .gpu/wg-b compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --stable-overlap 0 --runs 5 --alternate-check 60
log .gpu/wg-b scan --n 16777216 --type f32 --variant overlap --runs 3 --repeat 100
log .gpu/wg-b scan --n 67108864 --type u32 --exclusive --variant overlap --in-place --runs 10
date -u
} > $out/ours.txt 2>&1
