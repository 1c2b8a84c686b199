#!/bin/bash
# fastest-sampled's shapes (--sampled-shape TWxROWSxWGxPX) on the GPU machine, 4096x4096: the
# float path (rgba16f) and the 8-bit path (rgba8, next to fastest) by filter size. Every row is
# checked against the CPU. Usage: bash scripts/gpu-blur-sampled-sweep.sh
set -u
W=.gpu/workgroup
row() { $W blur --synthetic 4096x4096:natural --runs 20 "$@" | grep -E "^(fastest|cpu)" | sed "s/^/$* | /"; }
for f in 15 3 31 63; do
  for sh in 32x64x128x8 32x64x256x8 32x32x128x8 32x32x256x8 16x64x256x8 16x128x256x8 16x64x128x8 32x64x256x4 16x32x128x8 16x128x256x16; do
    row --format rgba16f --filter $f --variant fastest-sampled --sampled-shape $sh
  done
done
for f in 15 3 31; do
  row --filter $f --variant fastest
  for sh in 32x64x128x8 32x128x256x8 32x128x256x16 16x128x256x16 32x64x256x16 16x128x128x8; do
    row --filter $f --variant fastest-sampled --sampled-shape $sh
  done
done
