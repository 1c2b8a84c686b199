#!/bin/bash
# Run from the repository root with groupwalk-tried.diff applied; build .gpu/workgroup-base from commit c27f715.
# Fourteenth session, second call on the whole group's look-back (groupwalk-tried.diff: fewer
# values per read, the default path's code kept apart): .gpu/workgroup is the experiment build,
# .gpu/workgroup-base the build without it (commit c27f715), measured in turn. 2^26 f32 > 0.5.
source scripts/gpu-compact-dealt-common.sh
rowb() { echo "## base ${*}"; .gpu/workgroup-base $A "$@" 2>&1 | grep -E "^stable|rror|look-backs|tile_wait|gave up"; }
N="--n 67108864 --pass-fraction 0.5"
L="--lookback-one-tile true --lookback-warp-write true --lookback-rounds 4 --lookback-local 256"
rowb $N
row $N
WG_GROUP_WALK=1 row $N
rowb $N
for f in 1500 2500 3500; do for p in 50 150; do
  WG_GROUP_WALK=1 row $N $L --lookback-wait-first $f --lookback-wait-poll $p
done; done
WG_GROUP_WALK=1 row $N --lookback-diag 3
for nf in "67108864 0.001" "16777216 0.5"; do set -- $nf
  rowb --n $1 --pass-fraction $2
  WG_GROUP_WALK=1 row --n $1 --pass-fraction $2
done
rowb $N
