#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/wg-c
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 30
for n in 1048576 16777216 67108864 268435456; do
  echo "### u32 exclusive n=$n"; $W scan --n $n --type u32 --exclusive --runs 30
  echo "### f32 inclusive n=$n"; $W scan --n $n --type f32 --runs 30
done
echo "### u32 max 2^26"; $W scan --n 67108864 --type u32 --op max --variant reduce-then-scan,single-pass --runs 30
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub
} > $out/scan-cub.txt 2>&1
