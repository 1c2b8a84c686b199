#!/bin/bash
# The forty-eighth session's kernels in SPIR-V 1.6 (commit c59ea38, .gpu/workgroup) against
# SPIR-V 1.5 (commit ff6839d, .gpu/wg-base), alternating twice on one warm machine: the same
# times, the same registers, every row exact. Writes $OUT/call3.txt.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2; do
  for W in .gpu/wg-base .gpu/workgroup; do
    echo "##### round $round: $W"
    $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,tile-atomic,subgroup-ballot --runs 50
    $W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 50
    for n in 16777216 67108864; do $W scan --n $n --type u32 --exclusive --variant overlap,single-pass --runs 30; done
    $W sort --n 1048576 --type u32 --variant onesweep --runs 30
    for n in 16777216 67108864; do $W sort --n $n --type u32 --variant radix --runs 30; done
    $W histogram --synthetic 8192x8192:natural --variant shared,fastest --runs 50
    $W blur --synthetic 4096x4096:natural --filter 15 --variant fastest --runs 30
  done
done
for W in .gpu/wg-base .gpu/workgroup; do
  echo "##### registers: $W"
  $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,tile-atomic --passes --runs 5 2>&1 | grep -i -E "regist|passes" | head -20
done
} > "$out/call3.txt" 2>&1
