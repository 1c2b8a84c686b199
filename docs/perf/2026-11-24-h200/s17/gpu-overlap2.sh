#!/bin/bash
# Seventeenth session, call 2: why the overlap scatter is slow even after a barrier. Spec
# constants of stable_scatter_overlap.comp (WG_OV_SPEC): 10 OV_DONE (the groups-done atomics),
# 11 OV_MEMBAR (memoryBarrierBuffer after the wait), 12 OV_REVERSE (last tile first), 13
# OV_VOLATILE (the superblock words read through a volatile binding); of the counter
# (WG_OV_CSPEC): 12 OV_MEMBAR.
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|overlap"; }
N="--n 67108864 --pass-fraction 0.5"
B="WG_OVERLAP=264 WG_OVERLAP_BARRIER=1"
for E in "X=0" "$B" "$B WG_OV_SPEC=10=0" "$B WG_OV_SPEC=11=0" "$B WG_OV_SPEC=13=0" "$B WG_OV_SPEC=12=1" \
   "$B WG_OV_SPEC=10=0,11=0,13=0" "$B WG_OV_SPEC=10=0,11=0,13=0,12=1" "$B WG_OV_CSPEC=12=0" \
   "WG_OVERLAP=264 WG_OV_SPEC=10=0,11=0,13=0" "WG_OVERLAP=264 WG_OV_SPEC=10=0" "WG_OVERLAP=264 WG_OV_SPEC=11=0" "WG_OVERLAP=264 WG_OV_CSPEC=12=0" "X=0"; do
  srow $N
done
