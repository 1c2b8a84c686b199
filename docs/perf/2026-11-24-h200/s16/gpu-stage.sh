#!/bin/bash
# Sixteenth session, call 4: WG_EXP_STAGE=1: the count pass writes the kept f(x) of a tile that
# keeps at most half of it (its rank from the count's barrier) to a scratch of half a tile per
# tile, and the scatter copies such a tile from there instead of reading its input again.
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|stable_count_super|stable_scatter_prefix"; }
for f in 0.5 0.001 0.1 0.3 0.45 0.55 1.0 0.5; do
  for E in "X=0" "WG_EXP_STAGE=1"; do srow --n 67108864 --pass-fraction $f; done
done
for n in 16777216 1048576; do for E in "X=0" "WG_EXP_STAGE=1"; do srow --n $n --pass-fraction 0.5; srow --n $n --pass-fraction 0.001; done; done
for E in "X=0" "WG_EXP_STAGE=1"; do srow --n 67108864 --pass-fraction 0.5 --l2-scrub 256; srow --n 67108864 --pass-fraction 0.001 --l2-scrub 256; done
