#!/bin/bash
# Session 2026-12-02 (fourth), call 2, same build as call 1: the cache sweep under validation on
# the H200 (any message fails the command), and the overlap's two scatter forms at 2^26 at this
# build (halves, the default, against by subgroups), alternating, medians of 50.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup; chmod +x .gpu/workgroup; W=.gpu/workgroup
cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/ 2>/dev/null || { mkdir -p /usr/share/vulkan/explicit_layer.d; cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/; }; xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
log() { echo "### $*"; "$@"; echo "rc=$?"; }
{
log $W --validate bandwidth --mb 96 --sweep --runs 5
log $W --validate bandwidth --mb 64 --runs 5
for k in 1 2; do
  for h in true false false true; do
    for f in 0.5 0.001; do
      log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction $f --variant stable --stable-overlap-halves $h --runs 50
    done
  done
done
} > "$out/call2.txt" 2>&1
grep -E "^###|^stable|rc=|rror" "$out/call2.txt" | grep -v '^rc=0' | head -60
