#!/bin/bash
# Session 2026-12-04 (sixth), call 4: tests/compact.rs's overlapping_passes on the H200 under
# validation, at the commit that refuses a recount past llvmpipe's loop limit on CPU devices (on
# a GPU the same runs must be exact: a persistent scatter of 1 group over 2,000,000 elements and
# of 400 over 3,000,000, recounting every prefix itself).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
[ -e /work/main ] || { mkdir -p /work; ln -s "$PWD" /work/main; }
mkdir -p /tmp/t && xz -dc .gpu/compact-tests.xz > /tmp/t/compact-tests && chmod +x /tmp/t/compact-tests
{ timeout 400 /tmp/t/compact-tests --exact overlapping_passes persistent_scatter_fits_what_the_driver_tells --test-threads 2 2>&1; echo "exit $?"; } > "$out/overlapping-passes.txt"
cat "$out/overlapping-passes.txt" | tail -20
