#!/bin/bash
# The look-back kernel that leaves its state zeroed (--lookback-clean, the default on a GPU: a
# barrier before each run) against the host's fill of the state and the count before each run
# (false), twice each, alternating: 2^26 f32 keep x > 0.5 at 50% and 0.1%, 2^24, 2^20, 2^16.
source "$(dirname "$0")/gpu-compact-dealt-common.sh"
for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5" "1048576 0.5" "65536 0.5"; do
  set -- $nf
  for k in 1 2; do
    row --n $1 --pass-fraction $2
    row --n $1 --pass-fraction $2 --lookback-clean false
  done
done
