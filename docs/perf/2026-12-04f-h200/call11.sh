#!/bin/bash
# Session 2026-12-04 (sixth), call 11: issue #5's goals at the build to be submitted (commit cacf77a, no
# kernel changed since bc48680), `scripts/gpu-run.sh goals` whole with ../shared/peers/run.sh.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
OUT=$out/goals timeout 560 bash scripts/gpu-run.sh goals > "$out/goals.txt" 2>&1
grep -E "^stable |^tile-atomic |^subgroup-ballot |^single-pass |ms|GB/s" "$out/goals.txt" | grep -v "^###" | tail -30
(cd "$out" && tar czf goals.tgz goals && rm -rf goals)
