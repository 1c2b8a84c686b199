#!/bin/bash
# Session 2026-12-02 (second), call 3, build b503464: issue #5's goals with the peers in one call
# (scripts/gpu-run.sh goals), then the three CLI tests fixed after call 2 (cli.rs in full, levels'
# CLI test) under validation, and the naive blur the timeout test sizes its work from.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
bash scripts/gpu-run.sh goals > "$out/goals.txt" 2>&1
grep -E "^(stable|tile|subgroup|single)|torch|x\[x|DeviceSelect|floor|read-all" "$out/goals.txt" "$out"/peers_compact_cub.txt "$out"/peers_goals_torch.txt | head -30
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
[ -e /work/main ] || { mkdir -p /work; ln -s "$PWD" /work/main; }
mkdir -p /tmp/t; for f in .gpu/*-tests.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/t/$b; chmod +x /tmp/t/$b; done
export CARGO_BIN_EXE_workgroup=$PWD/.gpu/workgroup
{
  echo "#### cli"; timeout 300 /tmp/t/cli-tests --test-threads 2 2>&1; echo "exit $?"
  echo "#### levels"; timeout 200 /tmp/t/levels-tests cli --test-threads 2 --nocapture 2>&1; echo "exit $?"
} > "$out/suites.txt" 2>&1
grep -E "^####|test result|^exit|FAILED|panicked|VUID|SYNC-|no lavapipe" "$out/suites.txt" | head -30
{
  .gpu/workgroup blur --synthetic 4096x4096 --variant naive --filter 128 --runs 5
  .gpu/workgroup blur --synthetic 4096x4096 --variant naive --filter 128 --runs 1 --iterations 20
  .gpu/workgroup blur --synthetic 4096x4096 --variant cpu --filter 128 --runs 3
} > "$out/naive.txt" 2>&1
grep -E "^(naive|cpu)" "$out/naive.txt"
