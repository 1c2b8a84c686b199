#!/bin/bash
# Sweep of the blur `fastest` knobs on the GPU machine (see docs/blur.md, "Tuning fastest"):
# the tile kernel's default, then tile heights that fill the shared rows (R - (N - 1)).
B=".gpu/workgroup blur --synthetic 4096x4096:natural --variant fastest --runs 30"
for knobs in "" "--tile 32x114 --wg 256 --px 16" "--tile 16x114 --wg 128 --px 16" "--tile 32x242 --wg 512 --px 16" "--tile 16x242 --wg 256 --px 16" \
  "--tile 32x114 --wg 128 --px 16" "--tile 32x50 --wg 64 --px 16" "--tile 32x50 --wg 256 --px 8" "--tile 32x114 --wg 512 --px 8" "--tile 16x50 --wg 64 --px 16" \
  "--tile 32x50 --wg 128 --px 16" "--tile 32x82 --wg 128 --px 16" "--tile 32x114 --wg 256 --px 16"; do
  echo "## blur fastest filter 15 $knobs"; $B --filter 15 $knobs | grep -E "^fastest"
done
for knobs in "" "--tile 32x126 --wg 256 --px 16" "--tile 32x62 --wg 128 --px 16" "--tile 32x30 --wg 64 --px 16" "--tile 64x30 --wg 256 --px 16" "--tile 32x30 --wg 128 --px 16" "--tile 16x126 --wg 128 --px 16"; do
  echo "## blur fastest filter 3 $knobs"; $B --filter 3 $knobs | grep -E "^fastest"
done
for knobs in "" "--tile 32x98 --wg 256 --px 16" "--tile 32x34 --wg 128 --px 16" "--tile 64x34 --wg 256 --px 16"; do
  echo "## blur fastest filter 31 $knobs"; $B --filter 31 $knobs | grep -E "^fastest"
done
