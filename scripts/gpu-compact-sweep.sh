#!/bin/bash
# Compaction diagnosis on the GPU machine: per-pass GPU times and stable-lookback's knobs
# (persistent groups, look-back slices, diagnosis without the look-back). Called by gpu-run.sh.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --runs 30"
echo "## compact --variant stable-lookback --passes"; $B $A --variant stable-lookback --passes
for sl in 1 2 4 8; do
  for g in 396 528 1056; do
    echo "## stable-lookback slices=$sl groups=$g"
    $B $A --variant stable-lookback --lookback-slices $sl --lookback-groups $g | grep -E "^stable|rror"
  done
done
