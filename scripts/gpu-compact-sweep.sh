#!/bin/bash
# Compaction diagnosis on the GPU machine: stable-lookback's knobs (invocations per group,
# persistent groups), the look-back's read counts (--lookback-diag 3) and the kernel without the
# look-back (--lookback-diag 2, wrong results on purpose). Called by gpu-run.sh.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --runs 30"
echo "## compact stable"; $B $A --variant stable --passes | grep -E "^[a-z]|rror|passes"
for l in 256 512; do
  echo "## stable-lookback local=$l"; $B $A --variant stable-lookback --lookback-local $l --passes --lookback-diag 3 | grep -E "^stable|rror|passes"
  echo "## stable-lookback local=$l diag 2"; $B $A --variant stable-lookback --lookback-local $l --passes --lookback-diag 2 | grep -E "^stable|rror|passes"
done
for g in 198 264 330 396; do
  echo "## stable-lookback local=512 groups=$g"; $B $A --variant stable-lookback --lookback-local 512 --lookback-groups $g | grep -E "^stable|rror"
done
