#!/bin/bash
# blur `fastest` across filter sizes (docs/blur.md, "Tiles per filter size"): 4096x4096, three tile
# rules per filter: 64 rows held (32 x (64 - (N - 1)), the rule until 2026-11-23) with 128 and
# with 256 invocations, and 128 rows held (32 x (128 - (N - 1)), 256 invocations).
B="blur --synthetic 4096x4096:natural --variant fastest --runs 30"
W=${W:-.gpu/workgroup}
for f in 1 2 3 5 7 9 11 13 15 17 21 25 31 33 41 49 63 95 128; do
  tall=$((128 - (f - 1)))
  set -- "--tile 32x0 --wg 128" "--tile 32x0 --wg 256"
  [ $tall -ge 16 ] && set -- "$@" "--tile 32x$tall --wg 256"
  for knobs in "$@"; do
    echo "## filter $f $knobs"; $W $B --filter $f $knobs | grep -E "^fastest"
  done
done
