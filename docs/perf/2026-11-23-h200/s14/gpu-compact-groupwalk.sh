#!/bin/bash
# Run from the repository root with groupwalk-tried.diff applied (call 5's build; call 4 computed one more subgroup sum per read).
# Fourteenth session: the large kernel's look-back read by the whole group (WG_GROUP_WALK=1 sets
# constant_id 22 in the experiment build, groupwalk-tried.diff): 256 predecessors per read, one
# per invocation, instead of the first subgroup's 32; waits swept. 2^26 f32 > 0.5.
# Run from the repository root with groupwalk-tried.diff applied.
source scripts/gpu-compact-dealt-common.sh
N="--n 67108864 --pass-fraction 0.5"
L="--lookback-one-tile true --lookback-warp-write true --lookback-rounds 4 --lookback-local 256"
row $N
WG_GROUP_WALK=1 row $N
WG_GROUP_WALK=1 row $N --lookback-diag 3
for f in 0 500 1000 1500 2000 3000; do for p in 50 150 400; do
  WG_GROUP_WALK=1 row $N $L --lookback-wait-first $f --lookback-wait-poll $p
done; done
WG_GROUP_WALK=1 row $N $L --lookback-wait-first 1000 --lookback-wait-poll 150 --lookback-diag 3
for nf in "67108864 0.001" "67108864 0" "67108864 1" "16777216 0.5" "8388608 0.5"; do set -- $nf
  row --n $1 --pass-fraction $2
  WG_GROUP_WALK=1 row --n $1 --pass-fraction $2
  WG_GROUP_WALK=1 row --n $1 --pass-fraction $2 $L --lookback-wait-first 1000 --lookback-wait-poll 150
done
row $N
