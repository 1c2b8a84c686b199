#!/bin/bash
# Forty-seventh session, call 1 (asked for an H200): the forty-sixth session's change to the
# overlap's scatter (prefix words read after the rank; .gpu/workgroup, commit bbd3492) against
# the build before it (.gpu/wg-base, commit 4a2475a: the words read with the loads), alternating
# twice, then issue #5's goals with every peer in the same call. On an H100 (measured there in
# the forty-sixth session) only one round at 2^26, to say which card came.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
rounds="1 2"; case "$gpu" in *H100*) rounds=1 ;; esac
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for k in $rounds; do
  for W in .gpu/wg-base .gpu/workgroup .gpu/workgroup .gpu/wg-base; do
    echo "## $W round $k"
    echo "# 2^26 50%"; $W compact --n 67108864 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    case "$gpu" in *H100*) continue ;; esac
    echo "# 2^24 50%"; $W compact --n 16777216 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# 2^26 0.1%"; $W compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
    echo "# 2^26 90%"; $W compact --n 67108864 $A --pass-fraction 0.9 --variant stable --runs 30 | grep -E "^stable|rror"
  done
done
} > $OUT/ab.txt 2>&1
case "$gpu" in *H100*) exit 0 ;; esac
OUT=$OUT/goals bash scripts/gpu-run.sh goals > /dev/null 2>&1
