#!/bin/bash
# Sixteenth session, call 1: tile order of the two passes (the scatter, or the count, in reverse,
# so the scatter's first tiles are the count's last, still in L2), tiles per count group, and
# the benchmark's L2 state (WG_EXP_SCRUB_MIB: read that much before each run, untimed).
source scripts/gpu-compact-dealt-common.sh
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|stable_count_super|stable_scatter_prefix"; }
N="--n 67108864 --pass-fraction 0.5"
for E in "X=0" "WG_EXP_SCATTER_REV=1" "WG_EXP_COUNT_REV=1" "WG_EXP_COUNT_K=2" "WG_EXP_COUNT_K=4" "WG_EXP_COUNT_K=2 WG_EXP_SCATTER_REV=1" \
         "WG_EXP_SCRUB_MIB=256" "WG_EXP_SCRUB_MIB=256 WG_EXP_SCATTER_REV=1" "WG_EXP_SCRUB_MIB=256 WG_EXP_COUNT_REV=1" "X=0"; do
  srow $N
done
E="WG_EXP_SCRUB_MIB=256"; echo "## lookback [$E]"; env $E .gpu/workgroup $A $N 2>&1 | grep -E "^stable|passes: stable"
E="X=0"; row $N
for n in 16777216 4194304; do
  for E in "X=0" "WG_EXP_SCATTER_REV=1" "WG_EXP_SCRUB_MIB=256" "WG_EXP_SCRUB_MIB=256 WG_EXP_SCATTER_REV=1"; do srow --n $n --pass-fraction 0.5; done
done
E="WG_EXP_SCATTER_REV=1 WG_EXP_COUNT_K=2"; srow --n 67108864 --pass-fraction 0.001
E="X=0"; srow --n 67108864 --pass-fraction 0.001
