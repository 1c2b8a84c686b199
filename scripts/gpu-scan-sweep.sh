#!/bin/bash
# The single-pass scan's tile (elements per invocation) and patience (reads of a stuck
# predecessor before reducing it here) on the GPU machine, next to reduce-then-scan and CUB's
# DeviceScan in the same call (docs/scan.md). Each variant in its own process: a fresh device.
W=.gpu/workgroup
for n in 1048576 16777216 67108864 268435456; do
  for v in reduce-then-scan single-pass; do
    echo "## $v n=$n"; $W scan --n $n --type u32 --variant $v --runs 30 | grep -E "^(reduce|single)"
  done
  for per in 4 12 16; do
    echo "## single-pass per=$per n=$n"; $W scan --n $n --type u32 --variant single-pass --per $per --runs 30 | grep -E "^single"
  done
  echo "## single-pass stuck-polls=1024 n=$n"; $W scan --n $n --type u32 --variant single-pass --stuck-polls 1024 --runs 30 | grep -E "^single"
  echo "## single-pass f32 n=$n"; $W scan --n $n --type f32 --variant single-pass --runs 30 | grep -E "^single"
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub
