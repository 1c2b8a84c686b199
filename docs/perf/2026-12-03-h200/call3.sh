#!/bin/bash
# Session 2026-12-03, call 3: how much of the parked one pass's step is the wave's wait? The
# diagnostic WG_EXP_PARKED_NOWAIT=1 (a word unpublished at its first read counts 0) and 2 (no word
# read) give wrong results, for timing only; against `stable` and `tile-atomic` as kept.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|^tile-atomic|rror"; }
{
for round in 1 2; do
  run $W compact --n 67108864 --variant stable,tile-atomic --runs 30
  for cfg in "4 132 2" "2 264 2"; do
    set -- $cfg
    for nw in 0 1 2; do
      echo "## ROUNDS=$1 G=$2 DEPTH=$3 NOWAIT=$nw"
      WG_EXP_PARKED_NOWAIT=$nw WG_EXP_PARKED_ROUNDS=$1 WG_EXP_PARKED=$2 WG_EXP_PARKED_DEPTH=$3 run $W compact --n 67108864 --variant stable --runs 10 --warmup 2
    done
  done
done
} > "$out/call3.txt" 2>&1
cat "$out/call3.txt"
