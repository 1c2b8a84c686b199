#!/bin/bash
# The single-pass scan's knobs on the GPU machine: workgroups of the persistent grid, elements per
# invocation (the tile), and the walk skipped (diagnosis: what the rest costs); next to
# reduce-then-scan and CUB's DeviceScan in the same call (docs/scan.md). Each run in its own
# process: a fresh device.
W=.gpu/workgroup
$W bandwidth --mb 256 --runs 30 | grep kernel
for n in 16777216 67108864 268435456; do
  echo "## reduce-then-scan n=$n"; $W scan --n $n --type u32 --variant reduce-then-scan --runs 30 | grep -E "^reduce"
  for grid in 1056 2112 4224 65535; do for per in 8 12; do
    echo "## single-pass grid=$grid per=$per n=$n"; $W scan --n $n --type u32 --variant single-pass --grid $grid --per $per --runs 30 | grep -E "^single|rror"
  done; done
  echo "## single-pass grid=1056 diag=1 n=$n"; $W scan --n $n --type u32 --variant single-pass --grid 1056 --diag 1 --runs 30 | grep -E "^single"
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub | grep InclusiveSum
