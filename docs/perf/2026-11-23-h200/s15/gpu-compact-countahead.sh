#!/bin/bash
# Fifteenth session, first call: count ahead, write behind (glsl/compact/stable_count_ahead.comp,
# WG_COUNT_AHEAD="counters,ahead" in an experiment build whose counters drew their tiles by
# ticket; count-ahead-tried.diff is the second call's build, with dealt counters) against the large kernel as it is.
# 2^26 f32 > 0.5 unless stated.
source scripts/gpu-compact-dealt-common.sh
N="--n 67108864 --pass-fraction 0.5"
row $N
for ca in 132,1024 264,1024 396,1024 132,256 264,256 264,4096 264,1000000 528,1024; do
  WG_COUNT_AHEAD=$ca row $N
done
WG_COUNT_AHEAD=264,1024 row $N --lookback-diag 1
row $N
for nf in "67108864 0.001" "67108864 1" "16777216 0.5" "8388608 0.5"; do set -- $nf
  row --n $1 --pass-fraction $2
  WG_COUNT_AHEAD=264,1024 row --n $1 --pass-fraction $2
done
