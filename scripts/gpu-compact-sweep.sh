#!/bin/bash
# Compaction diagnosis on the GPU machine: stable-lookback's knobs (look-back slices, persistent
# groups), the look-back's read counts (--lookback-diag 3) and the kernel without the look-back
# (--lookback-diag 2, wrong results on purpose). Called by gpu-run.sh.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --runs 30"
echo "## compact stable,lookback"; for v in stable stable-lookback; do $B $A --variant $v --passes | grep -E "^[a-z]|rror|passes"; done
for g in 396 528 660 792; do
  echo "## stable-lookback groups=$g"
  $B $A --variant stable-lookback --lookback-groups $g | grep -E "^stable|rror"
done
for d in 2 3; do
  echo "## stable-lookback diag $d"
  $B $A --variant stable-lookback --passes --lookback-diag $d | grep -E "^stable|rror|passes"
done
