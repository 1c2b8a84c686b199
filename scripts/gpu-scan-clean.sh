#!/bin/bash
# The single pass with its state cleaned in the kernel (default) against a fill before each run,
# on the GPU machine, next to CUB's DeviceScan in the same call (docs/scan.md). Each run in its
# own process: a fresh device.
W=.gpu/workgroup
for n in 65536 1048576 16777216 67108864 268435456; do
  for c in true false true; do
    echo "## single-pass clean=$c n=$n"; $W scan --n $n --type u32 --exclusive --variant single-pass --clean $c --runs 30 | grep -E "^single|rror"
  done
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub | grep ExclusiveSum
