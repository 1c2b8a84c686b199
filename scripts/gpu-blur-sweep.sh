#!/bin/bash
# Sweep of the blur `fastest` knobs on the GPU machine (see docs/blur.md, "Tuning fastest").
B=".gpu/workgroup blur --synthetic 4096x4096:natural --filter 15 --variant fastest --runs 30"
for knobs in "--tile 64x32 --wg 128 --px 16" "--tile 64x32 --wg 256 --px 8" "--tile 64x32 --wg 256 --px 16" "--tile 32x32 --wg 64 --px 16" "--tile 32x32 --wg 128 --px 8" \
  "--tile 64x16 --wg 128 --px 16" "--tile 32x64 --wg 64 --px 16" "--tile 32x64 --wg 128 --px 16" "--tile 32x32 --wg 32 --px 16" "--tile 64x32 --wg 64 --px 16" "--tile 128x32 --wg 128 --px 16" "--tile 128x32 --wg 256 --px 16"; do
  echo "## blur fastest $knobs"; $B $knobs | grep -E "^fastest"
done
