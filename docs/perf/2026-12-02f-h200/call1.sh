#!/bin/bash
# Session 2026-12-02 (sixth), call 1: does NVIDIA's Vulkan compiler turn a load from a storage
# buffer stored straight into shared memory into an asynchronous copy (LDGSTS), which would keep
# loads in flight without registers? The build's read kernel (glsl/bandwidth/read.comp) was
# changed for this call only (read-to-shared-tried.diff): each invocation stores its two uvec4
# loads straight into a shared array, then reads two other elements of it after a barrier.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
$W bandwidth --mb 1024 --runs 20 --internals /tmp/int > "$out/bandwidth.txt" 2>&1; echo "rc=$?"
python3 scripts/nvidia-sass /tmp/int > "$out/sass-summary.txt" 2>&1
cat "$out/bandwidth.txt" "$out/sass-summary.txt"
for f in /tmp/int/*read*.sass; do grep -E "LDG|LDGSTS|STS|LDS|BAR" "$f" | head -30; done
cp /tmp/int/*read*.sass "$out/" 2>/dev/null
