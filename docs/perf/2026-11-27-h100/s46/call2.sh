#!/bin/bash
# Forty-sixth session, call 2: the overlap's scatter in halves reading its prefix words after the
# rank (this build, .gpu/workgroup) against the kept build (.gpu/wg-base: call 1's experiment
# binary with no WG_EXP_SHAPE, whose kernels are commit 4a2475a's), alternating twice, at the
# sizes and fractions `stable` is quoted at; registers of every scatter pipeline from --passes.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for W in .gpu/wg-base .gpu/workgroup; do
  echo "## registers $W"
  $W compact --n 67108864 $A --variant stable --runs 5 --passes 2>&1 | grep -iE "rror|overlap" | cut -c1-200
done
for k in 1 2; do
  for W in .gpu/wg-base .gpu/workgroup .gpu/workgroup .gpu/wg-base; do
    echo "## $W round $k"
    for n in 67108864 33554432 16777216 4194304 1048576; do
      echo "# n=$n 50%"; $W compact --n $n $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    done
    echo "# 2^26 0.1%"; $W compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
    echo "# 2^26 90%"; $W compact --n 67108864 $A --pass-fraction 0.9 --variant stable --runs 30 | grep -E "^stable|rror"
    echo "# 2^26-1 50%"; $W compact --n 67108863 $A --pass-fraction 0.5 --variant stable --runs 30 | grep -E "^stable|rror"
  done
done
echo "## alternate-check (fresh inputs through one compactor)"
.gpu/workgroup compact --n 16777216 $A --variant stable --alternate-check 40 2>&1 | tail -3
} > $OUT/call2.txt 2>&1
