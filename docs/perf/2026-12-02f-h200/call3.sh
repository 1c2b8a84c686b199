#!/bin/bash
# Session 2026-12-02 (sixth), call 3: call 2's parked one pass with a memoryBarrierBuffer() after
# each tile's publish (stable_parked.comp.tried as in the repository), against `stable` as kept.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|rror"; }
{
for round in 1 2; do
  run $W compact --n 67108864 --variant stable --runs 30
  for G in 264 396; do WG_EXP_PARKED=$G run $W compact --n 67108864 --variant stable --runs 30; done
  WG_EXP_PARKED=264 run $W compact --n 67108864 --variant stable --runs 30 --pass-fraction 0.001
  WG_EXP_PARKED=264 run $W compact --n 16777216 --variant stable --runs 30
done
} > "$out/call3.txt" 2>&1
cat "$out/call3.txt"
