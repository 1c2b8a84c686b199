#!/bin/bash
# Eighteenth session, call 9: does shared memory set the registers the driver gives? WRITE 8 is
# 0 with 16 KiB more shared memory (used); WRITE 6 now without the unused one-round stage[].
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for W in 0 8 6; do
  export WG_EXP_WRITE=$W
  echo "## write $W: passes with the barrier between, registers"
  .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
  for n in 67108864 16777216; do
    echo "## write $W --n $n"
    .gpu/workgroup $S --n $n --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
  done
done
