#!/bin/bash
# Session of 2026-12-02, call 1: the held persistent grid of stable-lookback with a barrier before
# each group's last tile (glsl/include/stable_lookback.glsl): the cases call 9 of 2026-12-01 found
# wrong (u32 even, 5 groups), 10 seeds each; then, under the Khronos validation layer with sync
# validation, the compaction's tests (the held grid no longer refused on GPUs) and the two sort
# tests that call 10 of 2026-12-01 cut short. CLI tests skipped (they need the build tree).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"; W=.gpu/workgroup
H="--variant stable-lookback --lookback-warp-write true --lookback-prefetch false"
{
for cfg in "--lookback-local 128 --lookback-groups 5" "--lookback-local 256 --lookback-groups 5" "--lookback-local 384 --lookback-groups 5" "--lookback-local 128 --lookback-groups 5 --lookback-rounds 4"; do
  for n in 30011 100003; do
    echo "### $cfg n=$n"
    for s in 1 2 3 4 5 6 7 8 9 10; do $W compact --type u32 --pred even --n $n $H $cfg --runs 3 --seed $s 2>&1 | grep -E "^stable-lookback|rror" | grep -v disagree; done
  done
done
} > "$out/held.txt" 2>&1
echo "held runs: $(grep -c 'exact order' "$out/held.txt") exact, $(grep -c NO "$out/held.txt") wrong"; grep -m3 -i error "$out/held.txt"
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
S="--skip cli --skip command_line --skip npy_input"
{ timeout 420 .gpu/compact-tests $S --test-threads 4 2>&1; echo "exit $?"; } > "$out/compact.txt" 2>&1 &
{ timeout 420 .gpu/sort-tests $S --test-threads 2 radix_sorts_any_size radix_pairs_give_the_stable_argsort 2>&1; echo "exit $?"; } > "$out/sort.txt" 2>&1 &
wait
for t in compact sort; do echo "### $t"; grep -E "^test .*(ok|FAILED)$|test result|^exit|panicked|VUID|SYNC-" "$out/$t.txt" | head -40; done
# The held grid's time at 2^26 f32 (50%) beside the default, without the layer (medians of 30).
rm /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json
{
A="compact --type f32 --pred gt:0.5 --runs 30 --n 67108864 --pass-fraction 0.5"
for o in "--variant stable" "--variant stable-lookback" "$H --lookback-rounds 4 --lookback-groups 528" "$H --lookback-rounds 4 --lookback-groups 660" "$H --lookback-rounds 3 --lookback-groups 660"; do
  echo "## $o"; $W $A $o 2>&1 | grep -E "^stable|rror"
done
} > "$out/held-2e26.txt" 2>&1
cat "$out/held-2e26.txt"
