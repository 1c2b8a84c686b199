#!/bin/bash
# Sweep of the blur `fastest` knobs on the GPU machine (see docs/blur.md, "Tuning fastest"):
# the tile kernel's default, then the streaming kernel (--stream-rows) in several shapes.
B=".gpu/workgroup blur --synthetic 4096x4096:natural --variant fastest --runs 30"
for knobs in "" "--stream-rows 128 --tile 64x16 --wg 64 --px 16" "--stream-rows 128 --tile 64x16 --wg 64 --px 16 --ring-lanes true" \
  "--stream-rows 128 --tile 64x16 --wg 64 --px 16 --prefetch false" "--stream-rows 256 --tile 64x16 --wg 64 --px 16" \
  "--stream-rows 64 --tile 64x16 --wg 64 --px 16" "--stream-rows 128 --tile 32x16 --wg 32 --px 16" "--stream-rows 128 --tile 128x16 --wg 128 --px 16" \
  "--stream-rows 128 --tile 64x32 --wg 128 --px 16" "--stream-rows 128 --tile 64x16 --wg 128 --px 8" "--stream-rows 256 --tile 64x16 --wg 64 --px 16 --ring-lanes true" \
  "--stream-rows 512 --tile 64x16 --wg 64 --px 16" "--stream-rows 256 --tile 128x16 --wg 128 --px 16" "--stream-rows 256 --tile 32x16 --wg 32 --px 16"; do
  echo "## blur fastest filter 15 $knobs"; $B --filter 15 $knobs | grep -E "^fastest"
done
for knobs in "" "--stream-rows 128 --tile 64x16 --wg 64 --px 16" "--stream-rows 256 --tile 64x16 --wg 64 --px 16"; do
  echo "## blur fastest filter 3 $knobs"; $B --filter 3 $knobs | grep -E "^fastest"
done
