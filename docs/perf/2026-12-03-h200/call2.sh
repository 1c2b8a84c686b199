#!/bin/bash
# Session 2026-12-03, call 2: the parked one pass with DEPTH tiles' loads in flight per group
# (glsl/compact/stable_parked.comp of parked-depth-tried.diff, env WG_EXP_PARKED_DEPTH), at the
# grids that fit (call 1), against `stable` as kept.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|rror"; }
{
for round in 1 2; do
  run $W compact --n 67108864 --variant stable --runs 30
  for cfg in "4 132 2" "4 132 4" "2 264 2" "2 264 4" "4 66 4" "2 132 4"; do
    set -- $cfg
    echo "## ROUNDS=$1 G=$2 DEPTH=$3"
    WG_EXP_PARKED_ROUNDS=$1 WG_EXP_PARKED=$2 WG_EXP_PARKED_DEPTH=$3 run $W compact --n 67108864 --variant stable --runs 10 --warmup 2
  done
done
} > "$out/call2.txt" 2>&1
for cfg in "4 2" "4 4" "2 2" "2 4"; do
  set -- $cfg
  WG_EXP_PARKED_ROUNDS=$1 WG_EXP_PARKED_DEPTH=$2 WG_EXP_PARKED=132 $W compact --n 1048576 --variant stable --runs 1 --internals /tmp/int-r$1-d$2 > /dev/null 2>&1
  for f in /tmp/int-r$1-d$2/*parked*stats.txt; do echo "== R=$1 D=$2 $(basename $f)"; grep -E "Register|Shared|Local" $f; done
done > "$out/call2-stats.txt" 2>&1
cat "$out/call2.txt" "$out/call2-stats.txt"
