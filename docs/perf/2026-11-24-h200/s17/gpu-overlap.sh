#!/bin/bash
# Seventeenth session, call 1: `stable` with the count and the scatter overlapping. WG_OVERLAP=G:
# G persistent counter groups (stable_count_overlap.comp) and the scatter
# (stable_scatter_overlap.comp) dispatched right after with no barrier between, each scatter group
# waiting until the superblocks up to its own are counted. WG_OVERLAP_BARRIER=1 puts the barrier
# back (the same kernels one after the other).
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|Register|registers"; }
N="--n 67108864 --pass-fraction 0.5"
for E in "X=0" "WG_OVERLAP=264 WG_OVERLAP_BARRIER=1" "WG_OVERLAP=132" "WG_OVERLAP=264" "WG_OVERLAP=396" "WG_OVERLAP=528" "WG_OVERLAP=792" "X=0"; do
  srow $N
done
for nf in "67108864 0.001" "67108864 1" "16777216 0.5" "1048576 0.5"; do set -- $nf
  for E in "X=0" "WG_OVERLAP=264" "WG_OVERLAP=396"; do srow --n $1 --pass-fraction $2; done
done
E="WG_OVERLAP=264"; srow $N --l2-scrub 256
E="X=0"; srow $N --l2-scrub 256
