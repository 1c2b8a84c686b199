#!/bin/bash
# Sweep of the blur `fastest` knobs on the GPU machine (see docs/blur.md, "Tuning fastest").
B=".gpu/workgroup blur --synthetic 4096x4096:natural --filter 15 --variant fastest --runs 30"
for knobs in "--tile 64x64 --wg 256 --px 4 --vec-loads false" "" "--px 4" "--px 16" "--px 8 --vec-loads false" "--wg 128" "--wg 64" \
  "--tile 64x128 --wg 256" "--tile 64x128 --wg 128 --px 16" "--tile 128x64 --wg 128" "--tile 128x64 --wg 256 --px 16" "--tile 32x64 --wg 128" "--tile 64x32 --wg 128 --px 16"; do
  echo "## blur fastest $knobs"; $B $knobs | grep -E "^fastest"
done
