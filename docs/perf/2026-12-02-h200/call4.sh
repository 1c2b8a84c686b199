#!/bin/bash
# Session of 2026-12-02, call 4: the test suites that had not yet run on a GPU (blur, blur
# formats, gray, histogram, histogram formats, levels, particles, the layer's own test) on the
# H200 under the Khronos validation layer with sync validation, as call 8 of 2026-12-01 ran the
# compaction's: test binaries built here (commit 4846efc), each under its own time limit, side by
# side. The blur tests read photos from the build tree's assets/ (linked there as /work/main).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
[ -e /work/main ] || { mkdir -p /work && ln -s "$PWD" /work/main; }
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
for t in blur blur_formats gray histogram histogram_formats levels particles gpu_layer; do
  xz -dc .gpu/$t-tests.xz > /tmp/$t-tests; chmod +x /tmp/$t-tests
  { timeout 180 /tmp/$t-tests --skip cli --test-threads 2 2>&1; echo "exit $?"; } > "$out/$t.txt" 2>&1 &
done
wait
for t in blur blur_formats gray histogram histogram_formats levels particles gpu_layer; do
  echo "### $t"; grep -E "^test .*FAILED$|test result|^exit|panicked" "$out/$t.txt" | head -12
done
