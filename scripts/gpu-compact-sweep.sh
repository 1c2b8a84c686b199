#!/bin/bash
# Compaction diagnosis on the GPU machine: stable-lookback's knobs (persistent groups, look-back
# slices) with the look-back's read counts (--lookback-diag 3). Called by gpu-run.sh.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --runs 30"
for sl in 1 2 4; do
  for g in 396 528; do
    echo "## stable-lookback slices=$sl groups=$g"
    $B $A --variant stable-lookback --lookback-slices $sl --lookback-groups $g --passes --lookback-diag 3 | grep -E "^stable|rror|passes"
  done
done
