#!/bin/bash
# Session 2026-12-02 (sixth), call 2: the parked one pass (parked-tried.diff, env WG_EXP_PARKED=G:
# glsl/compact/stable_parked.comp.tried) against `stable` as kept, f32 x > 0.5, alternating.
# NOTE: on lavapipe this build was wrong at some grid sizes (G=3 at 700000 elements), so its rows
# are timing only where the matches column says NO.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
run() { echo "### $*"; "$@" 2>&1 | grep -E "^stable|rror"; }
{
WG_EXP_PARKED=396 $W compact --n 67108864 --variant stable --internals /tmp/int --runs 3 >/dev/null 2>&1
python3 scripts/nvidia-sass /tmp/int 2>&1 | grep -E "kernel|parked|overlap"
for round in 1 2; do
  run $W compact --n 67108864 --variant stable --runs 50
  for G in 264 396 528; do WG_EXP_PARKED=$G run $W compact --n 67108864 --variant stable --runs 50; done
  run $W compact --n 67108864 --variant stable --runs 30 --pass-fraction 0.001
  WG_EXP_PARKED=396 run $W compact --n 67108864 --variant stable --runs 30 --pass-fraction 0.001
  run $W compact --n 16777216 --variant stable --runs 30
  WG_EXP_PARKED=396 run $W compact --n 16777216 --variant stable --runs 30
done
} > "$out/call2.txt" 2>&1
cat "$out/call2.txt"
