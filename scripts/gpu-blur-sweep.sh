#!/bin/bash
# Sweep of the blur `fastest` knobs on the GPU machine (see docs/blur.md, "Tuning fastest"):
# the default tiles and the next best shapes at filters 15, 3 and 31, with the pipeline's
# registers (--stats).
B=".gpu/workgroup blur --synthetic 4096x4096:natural --variant fastest --runs 30"
for f in 15 3 31; do
  for knobs in "" "--tile 64x0 --wg 256" "--tile 32x0 --wg 256" "--px 8" "--tile 32x114 --wg 256"; do
    echo "## blur fastest filter $f $knobs"; $B --filter $f $knobs --stats | grep -E "^fastest|rror"
  done
done
