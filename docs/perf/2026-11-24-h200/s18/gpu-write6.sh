#!/bin/bash
# Eighteenth session, call 7: WG_EXP_WRITE=6: rank the tile and stage its kept values in shared
# memory first (the tile's registers free), then read the prefix, one barrier, and the group
# writes the staged values out. Against 0 (as it is).
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for w in 0 6 0 6; do
  for nf in "67108864 0.5" "16777216 0.5"; do set -- $nf
    echo "## write $w --n $1 --pass-fraction $2"
    WG_EXP_WRITE=$w .gpu/workgroup $S --n $1 --pass-fraction $2 2>&1 | grep -E '^stable|rror'
  done
done
for nf in "67108864 0.001" "67108864 1" "1048576 0.5"; do set -- $nf
  for w in 0 6; do
    echo "## write $w --n $1 --pass-fraction $2"
    WG_EXP_WRITE=$w .gpu/workgroup $S --n $1 --pass-fraction $2 2>&1 | grep -E '^stable|rror'
  done
done
for G in 100 120 150 170; do
  echo "## write 6 --stable-overlap $G, 2^26"
  WG_EXP_WRITE=6 .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --stable-overlap $G 2>&1 | grep -E '^stable|rror'
done
echo "## write 6, alternate check"
WG_EXP_WRITE=6 .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --runs 3 --alternate-check 8 2>&1 | grep -E '^stable|rror|alternating'
echo "## write 6, timeline, 2^26"
WG_EXP_WRITE=6 WG_EXP_TIMELINE=$OUT/tl-write6.bin .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
echo "## write 6, passes with the barrier between, registers"
WG_EXP_WRITE=6 .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
