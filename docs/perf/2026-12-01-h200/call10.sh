#!/bin/bash
# Session of 2026-12-01 (second session that day), call 10: the scan, sort, reduction and counted
# tests on the H200 under validation (as call 8 did for the compaction), each binary under its own
# time limit (the session's device time was nearly spent): the first run of these on a GPU.
# CLI tests skipped (they need the build tree).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
S="--skip cli --skip command_line --skip npy_input --test-threads 4"
for t in "counted 45" "reduce 30" "scan 65" "sort 65"; do
  set -- $t
  { echo "### $1 (limit $2 s)"; timeout $2 .gpu/$1-tests $S 2>&1; echo "exit $?"; } > "$out/$1.txt" 2>&1
  grep -E "^###|^test .*(ok|FAILED)$|test result|^exit" "$out/$1.txt"
done
