#!/bin/bash
# Fifteenth session, second call: count ahead, write behind with counters dealt their tiles
# (k, k + C, ...) and the next tile's loads in flight while one is counted. --lookback-diag 6:
# the counters alone (writers leave at once); 7: the writers alone, no prefix (wrong results);
# 1: both, writers without waiting for the prefix (wrong results). 2^26 f32 > 0.5.
source scripts/gpu-compact-dealt-common.sh
N="--n 67108864 --pass-fraction 0.5"
row $N
for ca in 132,256 132,1024 264,256 264,1024 396,1024; do
  WG_COUNT_AHEAD=$ca row $N
done
for c in 132 264 396 528; do WG_COUNT_AHEAD=$c,1000000 row $N --lookback-diag 6; done
WG_COUNT_AHEAD=132,1024 row $N --lookback-diag 7
WG_COUNT_AHEAD=132,1024 row $N --lookback-diag 1
WG_COUNT_AHEAD=264,1024 row $N --lookback-diag 1
row $N
