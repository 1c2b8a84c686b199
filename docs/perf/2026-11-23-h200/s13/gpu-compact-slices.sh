#!/bin/bash
# The large kernel's look-back reading 1, 2 or 4 subgroups' worth of predecessors per step, with
# first waits 1000-3500 ticks (poll 150). 2^26 f32 > 0.5 at 50%.
source scripts/gpu-compact-dealt-common.sh
L="--lookback-one-tile true --lookback-warp-write true --lookback-rounds 4 --lookback-local 256 --lookback-wait-poll 150"
N="--n 67108864 --pass-fraction 0.5"
row $N
for s in 1 2 4; do for w in 1000 2500 3500; do row $N $L --lookback-slices $s --lookback-wait-first $w; done; done
row $N $L --lookback-slices 2 --lookback-wait-first 2500 --lookback-diag 3
row $N
