#!/bin/bash
# Session of 2026-12-01: issue #5's goals with ../shared/peers/run.sh in one call (scripts/gpu-run.sh
# goals), only where the machine lent is an H200 (the goal's GPU); elsewhere nothing is run.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
bash scripts/gpu-run.sh goals > "$out/goals.txt" 2>&1
grep -E "^### |median|ms|exact" "$out/goals.txt" | tail -60
