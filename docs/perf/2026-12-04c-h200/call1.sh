#!/bin/bash
# Session 2026-12-04 (third), call 1: counting f32 tiles through the texture unit's depth
# comparison (examples/tex_count.rs), against the same kernel with uvec4 loads; `stable` and its
# counters alone (`--passes`) for reference.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
TC_GRIDS=1,2,4,0 timeout 300 .gpu/tex_count > "$out/tex_count.txt" 2>&1; echo "rc $?"; cat "$out/tex_count.txt"
timeout 120 .gpu/workgroup compact --n 67108864 --pass-fraction 0.5 --variant stable --runs 30 --passes > "$out/stable-passes.txt" 2>&1; echo "rc $?"; tail -25 "$out/stable-passes.txt"
