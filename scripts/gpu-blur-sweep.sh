#!/bin/bash
# Sweep of the blur `fastest` knobs on the GPU machine (see docs/blur.md, "Tuning fastest"):
# the tile kernel's default, then tile heights that fill the shared rows (64 - (N - 1)).
B=".gpu/workgroup blur --synthetic 4096x4096:natural --variant fastest --runs 30"
for knobs in "" "--tile 64x50 --wg 256 --px 16" "--tile 64x50 --wg 256 --px 8" "--tile 64x114 --wg 512 --px 16" "--tile 32x50 --wg 128 --px 16" \
  "--tile 64x50 --wg 128 --px 16" "--tile 128x50 --wg 512 --px 16" "--tile 64x42 --wg 256 --px 16" "--tile 64x34 --wg 256 --px 16" "--tile 64x82 --wg 256 --px 16" \
  "--tile 32x114 --wg 256 --px 16" "--tile 64x50 --wg 64 --px 16" ""; do
  echo "## blur fastest filter 15 $knobs"; $B --filter 15 $knobs | grep -E "^fastest"
done
for knobs in "" "--tile 64x62 --wg 256 --px 16" "--tile 64x30 --wg 256 --px 16" "--tile 64x126 --wg 512 --px 16"; do
  echo "## blur fastest filter 3 $knobs"; $B --filter 3 $knobs | grep -E "^fastest"
done
