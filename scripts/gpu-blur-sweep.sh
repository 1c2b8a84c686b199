#!/bin/bash
# Sweep of the blur `fastest` knobs on the GPU machine (see docs/blur.md, "Tuning fastest"):
# lane words in shared memory or packed rgba8, with the default tiles and the next best shapes,
# filters 15, 3, 31.
B=".gpu/workgroup blur --synthetic 4096x4096:natural --variant fastest --runs 30"
for f in 15 3 31; do
  for knobs in "" "--tile 64x0 --wg 256" "--tile 32x0 --wg 256" "--px 8"; do
    for l in false true; do
      echo "## blur fastest filter $f $knobs --ring-lanes $l"; $B --filter $f $knobs --ring-lanes $l --stats | grep -E "^fastest|rror"
    done
  done
done
