#!/bin/bash
# Session 2026-12-03 (second), call 3: the goals at the build that reads the persistent scatter's
# words before the rank (scripts/gpu-run.sh goals whole, with ../shared/peers/run.sh), then the
# build before it (.gpu/workgroup-before.xz: call 2's build, WG_EXP_WORDS_AHEAD unset, so the
# kept code of 0d75f45) and this one alternating, and checks.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
xz -dc .gpu/workgroup-before.xz > /tmp/before && chmod +x /tmp/before
mkdir -p /usr/share/vulkan/explicit_layer.d; cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
OUT=$out/goals bash scripts/gpu-run.sh goals > "$out/goals.txt" 2>&1
tail -40 "$out/goals.txt"
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|^tile-atomic|rror|mismatch|wrong"; }
{
for round in 1 2; do
  for W in /tmp/before .gpu/workgroup; do
    echo "## $W"
    run $W compact --n 67108864 --variant stable --runs 50
    run $W compact --n 67108864 --variant stable --runs 30 --pass-fraction 0.001
    run $W compact --n 134217728 --variant stable --runs 30
  done
done
echo "## checks"
for n in 33554435 50331653 67108863 100000007; do run .gpu/workgroup compact --n $n --variant stable --runs 3; done
run .gpu/workgroup compact --n 67108864 --variant stable --runs 3 --type u32 --pred even --pass-fraction 0.001
run .gpu/workgroup compact --n 67108864 --variant stable --runs 3 --type i32 --pred lt:0 --pass-fraction 0.001
.gpu/workgroup --validate compact --n 67108864 --variant stable --runs 2 2>&1 | tail -3; echo "validate rc=${PIPESTATUS[0]}"
.gpu/workgroup --validate compact --n 33554435 --variant stable --runs 2 --stable-overlap-persistent 7 2>&1 | tail -3; echo "validate rc=${PIPESTATUS[0]}"
} > "$out/ab.txt" 2>&1
cat "$out/ab.txt"
(cd "$out" && tar czf goals.tgz goals && rm -rf goals)
