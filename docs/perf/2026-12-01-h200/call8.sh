#!/bin/bash
# Session of 2026-12-01 (second session that day), call 8: the compaction's tests on the H200,
# under the Khronos validation layer with synchronization validation (carried in .vl/: the
# layer of Debian 12's vulkan-validationlayers 1.3.239, xz-compressed), so that `stable`'s one pass (the default
# there up to 2^21 elements) is checked on a GPU that runs its groups side by side; the CLI tests
# are skipped (they need the build tree). Then validated CLI runs around the one pass's bound.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
# The layer travels xz-compressed (the carry's 64 MiB), installed where Debian's package puts it
# (the loader there did not take it from VK_LAYER_PATH).
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
{
timeout 420 .gpu/compact-tests --skip cli --test-threads 4 2>&1; echo "tests exit $?"
for n in 1 255 4097 1000003 2097152 2097153 4194304; do
  echo "### validated n=$n"; .gpu/workgroup --validate compact --type f32 --pred gt:0.5 --variant stable --n $n --runs 3 --passes
done
} > "$out/tests.txt" 2>&1
grep -E "^test |test result|tests exit|^###|^stable|^passes: stable|rror|VUID|SYNC" "$out/tests.txt" | head -80
