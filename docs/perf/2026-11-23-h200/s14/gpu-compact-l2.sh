#!/bin/bash
# Run from the repository root with l2-prefetch-tried.diff applied (the experiment build).
# Fourteenth session: the large kernel prefetching into L2 (experiment build: WG_L2_AHEAD,
# WG_L2_STRIDE, WG_L2_LATE set constant_id 22-24). After counting its tile, each invocation loads
# one word every STRIDE words of the tile AHEAD tickets later; the words are consumed after the
# look-back (LATE 0) or at the end (LATE 1). 2^26 f32 > 0.5 unless stated.
source scripts/gpu-compact-dealt-common.sh
N="--n 67108864 --pass-fraction 0.5"
row $N
row $N --lookback-diag 1
for a in 396 792 1584 3168; do WG_L2_AHEAD=$a row $N; done
for s in 8 32; do WG_L2_AHEAD=792 WG_L2_STRIDE=$s row $N; done
WG_L2_AHEAD=792 WG_L2_LATE=1 row $N
for a in 792 1584; do WG_L2_AHEAD=$a row $N --lookback-diag 1; done
WG_L2_AHEAD=792 WG_L2_STRIDE=8 row $N --lookback-diag 1
row $N
