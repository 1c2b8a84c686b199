#!/bin/bash
# Compaction diagnosis on the GPU machine: stable-lookback's knobs (staging buffers, look-back
# slices, persistent groups) and the look-back's read counts (--lookback-diag 3). Called by gpu-run.sh.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --runs 30"
for sb in 1 2; do for sl in 1 4; do
  echo "## stable-lookback buffers=$sb slices=$sl"
  $B $A --variant stable-lookback --lookback-stage-buffers $sb --lookback-slices $sl --passes --lookback-diag 3 | grep -E "^stable|rror|passes"
done
for d in 2; do
  echo "## stable-lookback buffers=$sb diag $d"
  $B $A --variant stable-lookback --lookback-stage-buffers $sb --passes --lookback-diag $d | grep -E "^stable|rror|passes"
done; done
