#!/bin/bash
# The large kernel keeping only KEEP of its 4 rounds in registers through the look-back; the
# others are loaded again (from L2) just before each is written (experiment build: WG_KEEP sets
# constant_id 23). 2^26 f32 > 0.5.
# Run from the repository root with keep-tried.diff applied (the experiment build).
source scripts/gpu-compact-dealt-common.sh
L="--lookback-one-tile true --lookback-warp-write true --lookback-rounds 4 --lookback-local 256 --lookback-wait-poll 150"
N="--n 67108864 --pass-fraction 0.5"
row $N
for k in 3 2 1 0; do
  WG_KEEP=$k row $N $L --lookback-wait-first 2500
  WG_KEEP=$k row $N $L --lookback-wait-first 2500 --lookback-diag 1
done
for k in 2 0; do for w in 1500 3500; do WG_KEEP=$k row $N $L --lookback-wait-first $w; done; done
WG_KEEP=2 row --n 67108864 --pass-fraction 0.001 $L --lookback-wait-first 2500
WG_KEEP=2 row --n 16777216 --pass-fraction 0.5 $L --lookback-wait-first 2500
row $N
