#!/bin/bash
# Session 2026-12-02 (fifth), call 6, the build with the persistent scatter as the default from
# 2^25 elements (--stable-overlap-persistent, hidden; 0: one group per tile, the former default):
# the overlap kernels' registers; the two forms alternating by size and pass fraction; odd sizes
# checked and a run under validation; then issue #5's goals, `scripts/gpu-run.sh goals` whole.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup; chmod +x .gpu/workgroup; W=.gpu/workgroup
cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/ 2>/dev/null || { mkdir -p /usr/share/vulkan/explicit_layer.d; cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/; }; xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
log() { echo "### $*"; "$@"; echo "rc=$?"; }
$W --internals /tmp/int compact --n 33554432 --type f32 --pred gt:0.5 --variant stable --runs 2 > /dev/null 2>&1
python3 scripts/nvidia-sass /tmp/int 2>&1 | grep -E "kernel|overlap" > "$out/registers.txt"
cat "$out/registers.txt"
{
for form in default 0 0 default; do
  p=""; [ $form = 0 ] && p="--stable-overlap-persistent 0"
  for c in "33554432 0.5 30" "67108864 0.5 50" "67108864 0.001 30" "67108864 1 30" "134217728 0.5 30"; do
    set -- $c
    echo "## form $form $1 $2"; $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs $3 $p | grep -E "^stable|rror"
  done
done
} > "$out/ab.txt" 2>&1
paste - - < "$out/ab.txt" | awk '{print $3, $4, $5, $7, $10, $11}'
{
for n in 33554433 33554435 50331653 67108863 67108864 100000007; do
  log $W compact --n $n --type u32 --pred even --variant stable --runs 3
  log $W compact --n $n --type i32 --pred lt:0 --pass-fraction 0.001 --variant stable --runs 3
done
log $W --validate compact --n 67108864 --type f32 --pred gt:0.5 --variant stable --runs 3
log $W --validate compact --n 33554435 --type f32 --pred gt:0.5 --variant stable --runs 3 --stable-overlap-persistent 7
} > "$out/checks.txt" 2>&1
grep -E "^###|^stable|rc=|rror" "$out/checks.txt" | grep -v "rc=0" | paste - - | awk '{print $3, $5, $6, $NF, $(NF-2), $(NF-1)}'
bash scripts/gpu-run.sh goals > "$out/goals.txt" 2>&1
grep -E "^###|^stable|^tile-atomic|^single-pass|ms" "$out/goals.txt" | tail -30
cd "$out" && tar czf peers.tgz peers_*.txt && rm -f peers_*.txt; ls "$out"
