#!/bin/bash
# Session 2026-12-04, call 1: the compaction's tests (tests/compact.rs, its CLI tests included)
# under the validation layer on the H200, at the shipped build, the first time since the
# persistent scatter (2026-12-02, fifth session) and its prefix words read before the rank
# (2026-12-03, second session); beside them, CLI cases at sizes that take the persistent grid.
# Binaries built here and carried xz-compressed in .gpu/, the loader packages in .gl/, the
# Debian 12 validation layer in .vl/.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
[ -e /work/main ] || { mkdir -p /work; ln -s "$PWD" /work/main; }
mkdir -p /tmp/t; for f in .gpu/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/t/$b; chmod +x /tmp/t/$b; done
export CARGO_BIN_EXE_workgroup=/tmp/t/workgroup
{ timeout 480 /tmp/t/compact-tests --test-threads 4 2>&1; echo "exit $?"; } > "$out/compact-tests.txt" 2>&1 &
W=/tmp/t/workgroup
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|^tile-atomic|rror|mismatch|wrong"; }
{
for n in 33554433 33554435 50331653 67108863 67108864 100000007; do
  run $W compact --n $n --variant stable --runs 3 --seed 11
  run $W compact --n $n --variant stable --runs 3 --seed 12 --type u32 --pred even
  run $W compact --n $n --variant stable --runs 3 --seed 13 --type i32 --pred lt:0 --pass-fraction 0.001
  run $W compact --n $n --variant stable --runs 3 --seed 14 --pass-fraction 1
  run $W compact --n $n --variant stable --runs 3 --seed 15 --pass-fraction 0
done
run $W compact --n 67108864 --variant stable --alternate-check 12
run $W compact --n 100000007 --type u32 --pred even --variant stable --alternate-check 6
$W --validate compact --n 67108864 --variant stable --runs 2 2>&1 | tail -2; echo "validate rc=${PIPESTATUS[0]}"
$W --validate compact --n 33554435 --variant stable --runs 2 --stable-overlap-persistent 7 2>&1 | tail -2; echo "validate rc=${PIPESTATUS[0]}"
} > "$out/checks.txt" 2>&1
echo "cli: $(grep -c 'exact order' "$out/checks.txt") exact lines, $(grep -c ' NO' "$out/checks.txt") NO, $(grep -c '^###' "$out/checks.txt") cases"
grep -E "differ|rc=|rror" "$out/checks.txt" | head
wait
grep -E "^test .*(ok|FAILED)$|test result|^exit|panicked|VUID|SYNC-" "$out/compact-tests.txt" | head -40
