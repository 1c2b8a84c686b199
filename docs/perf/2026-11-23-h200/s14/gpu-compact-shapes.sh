#!/bin/bash
# Fourteenth session: the large kernel's tile of 4096 (and 2048) in other shapes: fewer rounds
# of uvec4 per invocation, more invocations per group (fewer registers for the tile?). Waits
# 2500/150 as the large kernel. 2^26 f32 > 0.5 at 50%.
source scripts/gpu-compact-dealt-common.sh
N="--n 67108864 --pass-fraction 0.5"
L="--lookback-one-tile true --lookback-warp-write true --lookback-wait-first 2500 --lookback-wait-poll 150"
row $N
for s in "2 512" "2 256" "1 512" "4 256"; do set -- $s
  row $N $L --lookback-rounds $1 --lookback-local $2
  row $N $L --lookback-rounds $1 --lookback-local $2 --lookback-diag 1
done
row $N
