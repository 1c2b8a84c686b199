#!/bin/bash
# Eighteenth session, call 6: the overlap's scatter groups taking K tiles each, one after the
# other: consecutive (WG_EXP_TILES_PER_GROUP=K) or dealt g, g + groups, ... (and WG_EXP_STRIDED=1).
# Call 5 found the scatter bound by how fast groups are launched (~110-160 per us).
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for e in "K=1" "K=2" "K=4" "K=8" "K=16" "K=4 ST=1" "K=8 ST=1" "K=16 ST=1" "K=32 ST=1" "K=1" "K=2" "K=4"; do
  eval "$e"; st=${ST:-}; unset ST
  for nf in "67108864 0.5" "16777216 0.5"; do set -- $nf
    echo "## tiles per group $K strided ${st:-0} --n $1 --pass-fraction $2"
    if [ -n "$st" ]; then export WG_EXP_STRIDED=1; else unset WG_EXP_STRIDED; fi
    WG_EXP_TILES_PER_GROUP=$K .gpu/workgroup $S --n $1 --pass-fraction $2 2>&1 | grep -E '^stable|rror'
  done
done
unset WG_EXP_STRIDED
for K in 2 4 8; do
  echo "## tiles per group $K, timeline, 2^26"
  WG_EXP_TILES_PER_GROUP=$K WG_EXP_TIMELINE=$OUT/tl-k$K.bin .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
  echo "## tiles per group $K, passes with the barrier between"
  WG_EXP_TILES_PER_GROUP=$K .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
done
