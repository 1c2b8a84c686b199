#!/bin/bash
# Eighteenth session, call 13: the halves' registers by code shape (WG_EXP_SHAPE 1: write loops
# not unrolled; 2: and staging positions from popcounts).
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for sh in 0 1 2; do
  export WG_EXP_SHAPE=$sh
  echo "## shape $sh: registers"
  .gpu/workgroup $S --n 16777216 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'scatter_overlap|rror'
  for n in 16777216 67108864; do
    echo "## shape $sh halves --n $n"
    .gpu/workgroup $S --n $n --pass-fraction 0.5 --stable-overlap-halves true 2>&1 | grep -E '^stable|rror'
  done
done
