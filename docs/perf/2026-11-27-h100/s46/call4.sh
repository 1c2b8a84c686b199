#!/bin/bash
# Forty-sixth session, call 4: issue #5's goals with the peers at this session's build (the
# overlap's scatter reading its prefix words after the rank), then that build against the kept
# one (wg-base, with the loads) alternating twice.
set -u
OUT=$OUT/goals bash scripts/gpu-run.sh goals > /dev/null 2>&1
mkdir -p $OUT/goals
A="--type f32 --pred gt:0.5"
{
for k in 1 2; do
  for W in .gpu/wg-base .gpu/workgroup .gpu/workgroup .gpu/wg-base; do
    echo "## $W round $k"
    echo "# 2^26 50%"; $W compact --n 67108864 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# 2^24 50%"; $W compact --n 16777216 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# 2^26 0.1%"; $W compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
    echo "# 2^26 90%"; $W compact --n 67108864 $A --pass-fraction 0.9 --variant stable --runs 30 | grep -E "^stable|rror"
  done
done
} > $OUT/ab.txt 2>&1
