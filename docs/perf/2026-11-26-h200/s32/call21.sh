#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/wg-h
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 30 | grep kernel
for rep in 1 2; do
  echo "### ours 2^26 50%"; $W compact --n 67108864 --type f32 --variant stable,subgroup-ballot,stable-lookback --runs 50 2>&1 | grep -E "^(stable|subgroup)" | cut -c1-80
  echo "### ours 2^26 0.1%"; $W compact --n 67108864 --type f32 --pass-fraction 0.001 --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
  echo "### ours 2^24"; $W compact --n 16777216 --type f32 --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && for lg in 26 24; do /tmp/compact_cub $lg; done
echo "### ours 2^26 50% after CUB"; $W compact --n 67108864 --type f32 --variant stable --runs 50 2>&1 | grep -E "^stable" | cut -c1-80
} > $out/compact-cub.txt 2>&1
