#!/bin/bash
# Thirty-eighth session, call 5: the overlap's sets from L2 (C: atomic flips; the counters' sets
# coherent; the scatter's sets through its volatile bindings, with both sets' words as plain
# pairs, issued together; the two passes' count reads its set coherent) against the kept kernels
# (A, commit 537fafe), in the order A C C A, then A C at 2^26; then C under fresh inputs through
# one compactor and one scanner, each checked.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
log() { echo "### $*"; "$@"; }
{
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
for W in .gpu/wg-a .gpu/wg-c .gpu/wg-c .gpu/wg-a; do
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant stable --runs 30
  log $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
  log $W compact --n 1048576 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30 --stable-overlap 0
  log $W scan --n 67108864 --type u32 --exclusive --variant overlap --runs 30
done
for W in .gpu/wg-a .gpu/wg-c; do
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
done
date -u
log .gpu/wg-c compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 5 --alternate-check 40
log .gpu/wg-c compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 5 --alternate-check 100
log .gpu/wg-c compact --n 1000003 --type u32 --pred even --pass-fraction 0.5 --variant stable --runs 5 --alternate-check 100
log .gpu/wg-c compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --stable-overlap 0 --runs 5 --alternate-check 40
log .gpu/wg-c scan --n 16777216 --type f32 --variant overlap --runs 3 --repeat 60
log .gpu/wg-c scan --n 67108864 --type u32 --exclusive --variant overlap --in-place --runs 10
date -u
} > $out/ours.txt 2>&1
