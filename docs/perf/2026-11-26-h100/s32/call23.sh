#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/wg-m
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 30 | grep kernel
for rep in 1 2; do
  echo "### compact 2^26 50%"; $W compact --n 67108864 --type f32 --variant stable --runs 50 2>&1 | grep -E "^stable" | cut -c1-80
  echo "### compact 2^26 0.1%"; $W compact --n 67108864 --type f32 --pass-fraction 0.001 --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
  for n in 16777216 67108864 268435456; do echo "### scan u32 exclusive $n"; $W scan --n $n --type u32 --exclusive --variant reduce-then-scan,single-pass --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-70; done
  echo "### scan f32 2^26"; $W scan --n 67108864 --type f32 --variant reduce-then-scan,single-pass --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-70
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub
} > $out/h100.txt 2>&1
