#!/bin/bash
# A/B of two builds of fastest-sampled (.gpu/workgroup and .gpu/workgroup-b) on rgba16f and rgba8,
# 4096x4096, with the pipelines' statistics. Usage: bash scripts/gpu-blur-ab-sampled.sh
set -u
for W in .gpu/workgroup .gpu/workgroup-b; do
  echo "## $W"
  $W blur --synthetic 256x256 --format rgba16f --stats --runs 1 | tail -1
  $W blur --synthetic 256x256 --format rgba16f --stats --runs 1 --sampled-shape 32x32x256x8 | tail -1
  for f in 3 15 31; do for sh in 32x64x128x8 32x64x256x8 32x32x128x8 32x32x256x8 32x32x256x4 16x64x256x8; do
    $W blur --synthetic 4096x4096:natural --format rgba16f --filter $f --variant fastest-sampled --runs 20 --sampled-shape $sh | grep -E "^fastest" | sed "s/^/f$f $sh | /"
  done; done
  $W blur --synthetic 4096x4096:natural --filter 15 --variant fastest-sampled --runs 20 | grep -E "^fastest" | sed "s/^/rgba8 f15 | /"
done
