#!/bin/bash
# Session 2026-12-02 (second), call 2: the build of call 1 (write_by_subgroups from the rank).
# The compaction's tests under validation (with its CLI tests), and, beside them, the suites never
# run on a GPU: cli.rs, study.rs, engine_example.rs and every suite's CLI tests, which drive the
# built binary (CARGO_BIN_EXE_workgroup) and read assets under CARGO_MANIFEST_DIR (/work/main
# linked to this tree). Then the scatter by subgroups checked from the CLI below 2^21 too
# (--stable-one-pass-max 0; call 1's small sizes took the one pass), and the registers (--passes).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
[ -e /work/main ] || { mkdir -p /work; ln -s "$PWD" /work/main; }
mkdir -p /tmp/t; for f in .gpu/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/t/$b; chmod +x /tmp/t/$b; done
export CARGO_BIN_EXE_workgroup=/tmp/t/workgroup
{ timeout 420 /tmp/t/compact-tests --test-threads 4 2>&1; echo "exit $?"; } > "$out/compact.txt" 2>&1 &
{
  for t in cli study engine_example; do echo "#### $t"; timeout 400 /tmp/t/$t-tests --test-threads 2 2>&1; echo "exit $?"; done
  for t in blur gray levels particles reduce sort gpu_layer; do echo "#### $t"; timeout 200 /tmp/t/$t-tests cli --test-threads 2 2>&1; echo "exit $?"; done
} > "$out/suites.txt" 2>&1 &
W=/tmp/t/workgroup
{
for o in "--variant stable --stable-overlap 0" "--variant stable --stable-overlap-halves false" "--variant stable --stable-overlap-halves false --stable-overlap 7"; do
  for n in 1 255 257 4096 4099 30011 1000003; do
    for spec in "--type u32 --pred even" "--type f32 --pred gt:0.5 --pass-fraction 0.001" "--type i32 --pred lt:0" "--type f32 --pred gt:0.5 --pass-fraction 1"; do
      echo "### $o n=$n $spec"; $W compact --n $n $spec $o --stable-one-pass-max 0 --runs 2 --seed 3 2>&1 | grep -E "^stable|rror" | grep -v disagree
    done
  done
done
} > "$out/exact.txt" 2>&1
echo "cli runs: $(grep -c 'exact order' "$out/exact.txt") exact, $(grep -c ' NO' "$out/exact.txt") wrong, $(grep -c '^###' "$out/exact.txt") cases"; grep -m3 -i error "$out/exact.txt"
for o in "--variant stable --stable-overlap 0" "--variant stable --stable-overlap-halves false" "--variant stable-lookback --lookback-one-tile true --lookback-warp-write true" "--variant stable"; do
  echo "## passes $o"; $W compact --type f32 --pred gt:0.5 --n 67108864 --runs 10 --passes $o 2>&1 | grep -E -i "^stable|passes|regist|rror"
done > "$out/passes.txt" 2>&1
wait
grep -E "^test .*(ok|FAILED)$|test result|^exit|panicked|VUID|SYNC-" "$out/compact.txt" | head -40
grep -E "^####|test result|^exit|FAILED|panicked|VUID|SYNC-" "$out/suites.txt" | head -60
cat "$out/passes.txt"
