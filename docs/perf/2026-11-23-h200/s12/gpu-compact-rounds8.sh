#!/bin/bash
# The large kernel's tile: 4 to 8 rounds of uvec4 per invocation (up to 8192 elements per tile of
# 256 invocations; rounds 4..7 ranked as a second half), with the clock waits, 2^26 f32 at 50%.
source "$(dirname "$0")/gpu-compact-dealt-common.sh"
WW="--lookback-one-tile true --lookback-warp-write true"
N="--n 67108864 --pass-fraction 0.5"
row $N
for r in 4 5 6 8; do row $N $WW --lookback-rounds $r --lookback-wait-first 2500 --lookback-wait-poll 150; done
for r in 6 8; do for f in 1500 4000; do row $N $WW --lookback-rounds $r --lookback-wait-first $f --lookback-wait-poll 150; done; done
for r in 6 8; do row $N $WW --lookback-rounds $r --lookback-wait-first 2500 --lookback-wait-poll 150 --lookback-diag 1; row $N $WW --lookback-rounds $r --lookback-wait-first 2500 --lookback-wait-poll 150 --lookback-diag 3; done
row $N $WW --lookback-rounds 8 --lookback-local 128 --lookback-wait-first 2500 --lookback-wait-poll 150
row $N $WW --lookback-rounds 6 --lookback-local 128 --lookback-wait-first 2500 --lookback-wait-poll 150
for n in 16777216 8388608; do row --n $n --pass-fraction 0.5; for r in 6 8; do row --n $n --pass-fraction 0.5 $WW --lookback-rounds $r --lookback-wait-first 2500 --lookback-wait-poll 150; done; done
row $N
