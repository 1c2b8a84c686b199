#!/bin/bash
# Forty-fourth session, call 4: the headline rows call 3 left out (its histogram rows ran one
# variant, which prints the bins, not a time): the histogram at 8192x8192 and the compaction at
# 2^24, each next to its peers (../shared/peers/run.sh; CUB's select at 2^24) in one call.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 50 | tail -3
for k in 1 2; do
  for kind in natural flat random; do $W histogram --synthetic 8192x8192:$kind --variant shared,fastest --runs 50 | grep -E "^\| (fastest|shared)"; done
  $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 24
} > $OUT/call4.txt 2>&1
OUT=$OUT timeout 300 bash .gpu/peers/run.sh > $OUT/peers_run.txt 2>&1
