#!/bin/bash
# Forty-ninth session, call 1: `stable` by waves of a persistent grid (WG_EXP_WAVE = groups per
# multiprocessor; glsl/compact/stable_wave.comp) against the kept `stable` and `tile-atomic` in
# the same processes' call. Alternating twice. Writes $OUT/call1.txt and $OUT/internals/.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for round in 1 2; do
  echo "##### round $round"
  $W compact --n 67108864 --variant stable,tile-atomic --runs 50
  for k in 2 3 4 5 6; do echo "## WG_EXP_WAVE=$k"; WG_EXP_WAVE=$k $W compact --n 67108864 --variant stable --runs 50; done
  $W compact --n 16777216 --variant stable,tile-atomic --runs 50
  for k in 3 4 5; do echo "## 2^24 WG_EXP_WAVE=$k"; WG_EXP_WAVE=$k $W compact --n 16777216 --variant stable --runs 50; done
  $W compact --n 67108864 --pass-fraction 0.001 --variant stable --runs 30
  for k in 3 4 5; do echo "## 0.1% WG_EXP_WAVE=$k"; WG_EXP_WAVE=$k $W compact --n 67108864 --pass-fraction 0.001 --variant stable --runs 30; done
done
echo "## internals"
WG_EXP_WAVE=4 $W compact --n 1048576 --variant stable --runs 2 --internals "$out/internals"
grep -rh -i -A3 "wave" "$out/internals" 2>/dev/null | grep -i -E "register|shared|spill|name" | head -20
} > "$out/call1.txt" 2>&1
