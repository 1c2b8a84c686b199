#!/bin/bash
# Session 2026-12-03, call 5: the forty-fourth session's deeper counters (its
# counters-deeper-tried.diff, applied unchanged: counters-deeper-again-tried.diff) beside the
# persistent scatter of 2026-12-02's fifth session, whose grid the host sizes by the counter's
# registers (two scatter groups a multiprocessor instead of three past 32 registers).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|rror|passes:.*(count_overlap|scatter_overlap)"; }
{
for round in 1 2; do
  for D in 2 3 4; do
    echo "## DEPTH=$D"
    WG_EXP_COUNTER_DEPTH=$D run $W compact --n 67108864 --variant stable --runs 30
    WG_EXP_COUNTER_DEPTH=$D run $W compact --n 67108864 --variant stable --runs 30 --pass-fraction 0.001
  done
done
for D in 2 3 4; do echo "## DEPTH=$D passes"; WG_EXP_COUNTER_DEPTH=$D run $W compact --n 67108864 --variant stable --runs 30 --passes; done
} > "$out/call5.txt" 2>&1
cat "$out/call5.txt"
