#!/bin/bash
# Thirty-eighth session, call 8: what the CUDA toolkit there can tell of CUB's kernels (our peers'
# registers, shared memory, launch shapes: cuobjdump's resource usage), and which profilers it has.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
ls /usr/local/cuda/bin 2>&1 | tr '\n' ' '; echo
for t in ncu nsys nv-nsight-cu-cli cuobjdump nvdisasm; do echo "$t: $(command -v $t || echo none)"; done
nvcc --version | tail -2
for p in sort_cub compact_cub scan_cub; do
  echo "=== $p"
  nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/$p scripts/peers/$p.cu && cuobjdump -res-usage /tmp/$p 2>&1 | grep -B1 "REG:" | grep -v "^--" | sed 's/^ *//' | paste - - | grep -i "onesweep\|histogram\|select\|scan\|upsweep\|downsweep\|Radix" | cut -c1-400
done
} > $out/cub-resources.txt 2>&1
