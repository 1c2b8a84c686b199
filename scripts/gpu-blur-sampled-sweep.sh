#!/bin/bash
# fastest-sampled's shapes (--sampled-shape TWxROWSxWGxPX) on the GPU machine, 4096x4096: the
# float path (rgba16f) and the 8-bit path (rgba8, next to fastest) by filter size. Every row is
# checked against the CPU. Usage: bash scripts/gpu-blur-sampled-sweep.sh
set -u
W=.gpu/workgroup
row() { $W blur --synthetic 4096x4096:natural --runs 20 "$@" | grep -E "^(fastest|cpu)" | sed "s/^/$* | /"; }
if [ "${1:-}" = large ]; then
  # Large filters: narrower, taller tiles and fewer row segments in phase 2.
  for f in 63 127; do
    for sh in 16x128x256x8 8x256x32x8 8x256x64x8 16x256x64x8 8x128x32x8; do
      row --format rgba16f --filter $f --variant fastest-sampled --sampled-shape $sh
    done
    for sh in 32x128x256x16 32x256x64x16 32x256x32x16 16x256x32x16 32x256x128x16; do
      row --filter $f --variant fastest-sampled --sampled-shape $sh
    done
  done
  exit 0
fi
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
