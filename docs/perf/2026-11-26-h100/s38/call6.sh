#!/bin/bash
# Thirty-eighth session, call 6: the kept change (D: the overlap's flips of the sets as atomics,
# in the compaction and the scan) against commit 537fafe (A), in the order A D D A; then D under
# fresh inputs through one compactor and one scanner (in place too), each checked.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
log() { echo "### $*"; "$@"; }
{
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
for W in .gpu/wg-a .gpu/wg-d .gpu/wg-d .gpu/wg-a; do
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
  log $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
  log $W compact --n 1048576 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
  log $W scan --n 67108864 --type u32 --exclusive --variant overlap --runs 30
  log $W scan --n 16777216 --type u32 --exclusive --variant overlap --runs 30
  log $W scan --n 1048576 --type u32 --exclusive --variant overlap --runs 30
done
date -u
log .gpu/wg-d compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 5 --alternate-check 100
log .gpu/wg-d compact --n 1000003 --type u32 --pred even --pass-fraction 0.5 --variant stable --runs 5 --alternate-check 100
log .gpu/wg-d scan --n 16777216 --type f32 --variant overlap --runs 3 --repeat 60
log .gpu/wg-d scan --n 1000003 --type u32 --exclusive --variant overlap --runs 3 --repeat 100
for k in 1 2 3 4 5 6; do log .gpu/wg-d scan --n 67108864 --type u32 --exclusive --variant overlap --in-place --runs 10; done
date -u
} > $out/ours.txt 2>&1
