#!/bin/bash
# Session 2026-12-03, call 4: the overlap's counters touching the tile TOUCH x G ahead with
# atomics whose reply is never read (RED: no register held), so that DRAM's lines come into L2
# without registers (touch-red-tried.diff: WG_EXP_TOUCH=D, WG_EXP_TOUCH_STRIDE=S words, WG_EXP_TOUCH_OP
# 0 atomicOr(x, 0) / 1 atomicAnd(x, ~0)). Against `stable` as kept (D = 0) in the same call.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|^tile-atomic|rror|passes"; }
{
for round in 1 2; do
  run $W compact --n 67108864 --variant stable,tile-atomic --runs 30
  for cfg in "2 8 0" "4 8 0" "8 8 0" "4 32 0" "8 32 0" "4 8 1" "4 16 0"; do
    set -- $cfg
    echo "## TOUCH=$1 STRIDE=$2 OP=$3"
    WG_EXP_TOUCH=$1 WG_EXP_TOUCH_STRIDE=$2 WG_EXP_TOUCH_OP=$3 run $W compact --n 67108864 --variant stable --runs 30
  done
done
echo "## counters alone"
run $W compact --n 67108864 --variant stable --runs 30 --passes
WG_EXP_TOUCH=4 run $W compact --n 67108864 --variant stable --runs 30 --passes
WG_EXP_TOUCH=4 WG_EXP_TOUCH_STRIDE=32 run $W compact --n 67108864 --variant stable --runs 30 --passes
} > "$out/call4.txt" 2>&1
WG_EXP_TOUCH=4 $W compact --n 67108864 --variant stable --runs 1 --internals /tmp/int4 > /dev/null 2>&1
for f in /tmp/int4/*count_overlap*stats.txt; do echo "== $(basename $f)"; grep -E "Register|Shared|Local" $f; done > "$out/call4-stats.txt" 2>&1
python3 scripts/nvidia-sass /tmp/int4 >> "$out/call4-stats.txt" 2>&1
for f in /tmp/int4/*count_overlap*.sass; do echo "== $(basename $f)"; grep -E "RED|ATOM" $f | head -8; done >> "$out/call4-stats.txt" 2>&1
cat "$out/call4.txt" "$out/call4-stats.txt"
