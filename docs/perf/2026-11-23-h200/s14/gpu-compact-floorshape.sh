#!/bin/bash
# Fourteenth session: where the large kernel's body loses to the floor. --lookback-diag 5
# (experiment build, floorshape-tried.diff): the large kernel's shape (one tile of 4096 per group
# of 256, 4 rounds of uvec4) loading its tile and writing the CUDA floor's output (8 bytes per
# uvec4 at its own index, coalesced), no ticket, no count; against diag 2 (the body without
# ticket and look-back) and diag 1, at pass fractions 0, 0.5 and 1. 2^26 f32 > 0.5.
# Run from the repository root with floorshape-tried.diff applied.
source scripts/gpu-compact-dealt-common.sh
for f in 0 0.5 1; do
  row --n 67108864 --pass-fraction $f
  for d in 1 2 5; do row --n 67108864 --pass-fraction $f --lookback-diag $d; done
done
.gpu/workgroup bandwidth 2>&1 | tail -8
