#!/bin/bash
# Eighteenth session, call 10: WRITE 9: the tile ranked, then half of it (rounds 0-1) staged in
# 8 KiB of shared memory while the prefix is read, written by the group, then the other half.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for W in 9 0; do
  export WG_EXP_WRITE=$W
  echo "## write $W: passes with the barrier between, registers"
  .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
  for nf in "67108864 0.5" "16777216 0.5" "67108864 0.001" "67108864 1" "1048576 0.5"; do set -- $nf
    echo "## write $W --n $1 --pass-fraction $2"
    .gpu/workgroup $S --n $1 --pass-fraction $2 2>&1 | grep -E '^stable|rror'
  done
done
export WG_EXP_WRITE=9
for G in 100 120 150; do
  echo "## write 9 --stable-overlap $G, 2^26"
  .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --stable-overlap $G 2>&1 | grep -E '^stable|rror'
done
echo "## write 9, timeline, 2^26"
WG_EXP_TIMELINE=$OUT/tl-write9.bin .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
