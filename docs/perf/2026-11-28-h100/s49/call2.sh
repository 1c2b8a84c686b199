#!/bin/bash
# Forty-ninth session, call 2: the wave kernel publishing each tile's count before any wait and
# loading the next tile before copying out the last (software-pipelined), against the kept
# `stable` in the same call. Writes $OUT/call2.txt and $OUT/internals/.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
echo "## internals"
WG_EXP_WAVE=3 timeout 60 $W compact --n 1048576 --variant stable,tile-atomic --runs 2 --internals "$out/internals"
ls "$out/internals" | head -30
for f in $(ls "$out/internals" | grep -i -E "wave|tile_atomic"); do echo "# $f"; grep -i -E "register|shared|spill" "$out/internals/$f" 2>/dev/null | head -8; done
for round in 1 2; do
  echo "##### round $round"
  $W compact --n 67108864 --variant stable,tile-atomic --runs 50
  for k in 2 3; do echo "## WG_EXP_WAVE=$k"; WG_EXP_WAVE=$k $W compact --n 67108864 --variant stable --runs 50; done
  echo "## WG_EXP_WAVE=4 spin 2048"; WG_EXP_WAVE_SPIN=2048 WG_EXP_WAVE=4 timeout 100 $W compact --n 67108864 --variant stable --runs 10
  $W compact --n 16777216 --variant stable --runs 50
  for k in 2 3; do echo "## 2^24 WG_EXP_WAVE=$k"; WG_EXP_WAVE=$k $W compact --n 16777216 --variant stable --runs 50; done
  $W compact --n 67108864 --pass-fraction 0.001 --variant stable --runs 30
  for k in 3; do echo "## 0.1% WG_EXP_WAVE=$k"; WG_EXP_WAVE=$k $W compact --n 67108864 --pass-fraction 0.001 --variant stable --runs 30; done
done
} > "$out/call2.txt" 2>&1
