#!/bin/bash
# The large kernel with full tiles skipping every bound check (experiment build: WG_TRIM=1 sets
# constant_id 23), against the same kernel as it is. 2^26 f32 > 0.5.
# Run from the repository root with trim-tried.diff applied (the experiment build).
source scripts/gpu-compact-dealt-common.sh
L="--lookback-one-tile true --lookback-warp-write true --lookback-rounds 4 --lookback-local 256 --lookback-wait-poll 150 --lookback-wait-first 2500"
N="--n 67108864 --pass-fraction 0.5"
for k in 1 2; do
  row $N
  row $N $L
  WG_TRIM=1 row $N $L
  row $N $L --lookback-diag 1
  WG_TRIM=1 row $N $L --lookback-diag 1
done
WG_TRIM=1 row --n 67108864 --pass-fraction 0.001 $L
WG_TRIM=1 row --n 16777216 --pass-fraction 0.5 $L
