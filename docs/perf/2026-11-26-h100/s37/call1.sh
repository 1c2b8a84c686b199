#!/bin/bash
# Thirty-seventh session, call 1: the scan's new `overlap` variant (reduce-then-scan with its
# passes overlapping, as `stable` compaction's) next to reduce-then-scan, the single pass and
# CUB's DeviceScan, in one call; overlap with a barrier after its reducers, and its reducer count.
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
for round in 1 2; do
  if [ $round = 1 ]; then V=reduce-then-scan,overlap,single-pass; else V=single-pass,overlap,reduce-then-scan; fi
  for n in 16777216 67108864 268435456; do
    log $W scan --n $n --type u32 --exclusive --variant $V --runs 30
    log $W scan --n $n --type f32 --variant $V --runs 30
  done
done
log $W scan --n 67108864 --type u32 --op max --variant reduce-then-scan,overlap,single-pass --runs 30
log $W scan --n 1048576 --type u32 --exclusive --variant reduce-then-scan,overlap,single-pass --runs 30
log $W scan --n 67108867 --type u32 --exclusive --variant overlap --runs 30
log $W scan --n 67108864 --type u32 --exclusive --variant overlap --overlap-barrier --runs 30
for r in 66 264 396; do log $W scan --n 67108864 --type u32 --exclusive --variant overlap --reducers $r --runs 30; done
log $W scan --n 67108864 --type u32 --exclusive --variant overlap,single-pass --in-place --runs 30
date -u
} > $out/ours.txt 2>&1
{
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub
date -u
} > $out/cub.txt 2>&1
