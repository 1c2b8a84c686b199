#!/bin/bash
# Sweep of the blur `fastest` knobs on the GPU machine (see docs/blur.md, "Tuning fastest"):
# phase 2 unrolled or not, with the default tiles and the next best shapes, filters 15, 3, 31.
B=".gpu/workgroup blur --synthetic 4096x4096:natural --variant fastest --runs 30"
for f in 15 3 31; do
  for knobs in "" "--tile 32x0 --wg 256" "--tile 64x0 --wg 256" "--tile 32x0 --wg 64" "--tile 16x0 --wg 64" "--px 8"; do
    for u in true false; do
      echo "## blur fastest filter $f $knobs --unroll $u"; $B --filter $f $knobs --unroll $u --stats | grep -E "^fastest|rror"
    done
  done
done
