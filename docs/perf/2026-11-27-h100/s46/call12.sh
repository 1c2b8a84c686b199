#!/bin/bash
# Forty-sixth session, call 12: on an H200 only (else nothing), issue #5's goals with the peers at
# this session's build, then this build against the kept one (wg-base) alternating twice.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$name" > $OUT/gpu.txt
echo "$name" | grep -q H200 || exit 0
OUT=$OUT/goals bash scripts/gpu-run.sh goals > /dev/null 2>&1
A="--type f32 --pred gt:0.5"
{
for k in 1 2; do
  for B in .gpu/wg-base .gpu/workgroup .gpu/workgroup .gpu/wg-base; do
    echo "## $B round $k"
    echo "# 2^26 50%"; $B compact --n 67108864 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# 2^24 50%"; $B compact --n 16777216 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# 2^26 0.1%"; $B compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
  done
done
} > $OUT/ab.txt 2>&1
