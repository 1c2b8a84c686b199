#!/bin/bash
# Thirty-eighth session, call 1: the full run at the session's build (every table, the peers, CUB's
# compaction and sort, the study cut at STUDY_LIMIT seconds), then the prefix scans next to CUB's
# DeviceScan, so that every figure of record comes from one call on one GPU.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
date -u > $out/dates.txt
STUDY_LIMIT=150 bash scripts/gpu-run.sh full > $out/workgroup.txt 2>&1
date -u >> $out/dates.txt
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
for n in 1048576 16777216 67108864 268435456; do
  log $W scan --n $n --type u32 --exclusive --variant reduce-then-scan,overlap,single-pass --runs 30
done
log $W scan --n 67108864 --type f32 --variant reduce-then-scan,overlap,single-pass --runs 30
log nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu
log /tmp/scan_cub
} > $out/scan.txt 2>&1
date -u >> $out/dates.txt
