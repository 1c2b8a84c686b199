#!/bin/bash
# Thirty-fifth session, call 1: does the NVIDIA driver give the kernels' internal representations
# (VK_KHR_pipeline_executable_properties)? `--internals DIR` writes each kernel's statistics and
# representations. Also CUB's SASS for the same jobs (cuobjdump), to set beside ours.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
$W devices 2>&1 | head -5
log $W --internals $out/ir/compact compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 10
log $W --internals $out/ir/sort sort --n 16777216 --type u32 --variant radix,onesweep --runs 10
log $W --internals $out/ir/scan scan --n 67108864 --type u32 --op sum --exclusive --variant single-pass --runs 10
log $W --internals $out/ir/reduce reduce --n 67108864 --type f32 --op sum --variant single-pass --runs 10
ls -la $out/ir/*
which nvcc cuobjdump nvdisasm
nvcc -O3 -arch=sm_90 -std=c++17 -cubin -o /tmp/compact_cub.cubin scripts/peers/compact_cub.cu && cuobjdump -sass /tmp/compact_cub.cubin > $out/cub-compact.sass
nvcc -O3 -arch=sm_90 -std=c++17 -cubin -o /tmp/sort_cub.cubin scripts/peers/sort_cub.cu && cuobjdump -sass /tmp/sort_cub.cubin > $out/cub-sort.sass
ls -la $out
date -u
} > $out/call1.txt 2>&1
