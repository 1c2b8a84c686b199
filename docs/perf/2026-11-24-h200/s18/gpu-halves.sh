#!/bin/bash
# Eighteenth session, call 12: the scatter in halves as built (Knobs::stable_overlap_halves,
# default: halves up to 2^25 elements), against by subgroups, by size; the alternate check.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
echo "## passes with the barrier between, registers (halves; then by subgroups)"
.gpu/workgroup $S --n 16777216 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
.gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|rror'
for n in 1048576 4194304 16777216 33554432 50331648 67108864; do
  for h in default true false; do
    echo "## halves $h --n $n"
    if [ $h = default ]; then a=; else a="--stable-overlap-halves $h"; fi
    .gpu/workgroup $S --n $n --pass-fraction 0.5 $a 2>&1 | grep -E '^stable|rror'
  done
done
for nf in "16777216 0.001" "16777216 1"; do set -- $nf
  for h in true false; do
    echo "## halves $h --n $1 --pass-fraction $2"
    .gpu/workgroup $S --n $1 --pass-fraction $2 --stable-overlap-halves $h 2>&1 | grep -E '^stable|rror'
  done
done
for n in 33554432 16777216 3000017; do
  echo "## halves, alternate check --n $n"
  .gpu/workgroup compact --type f32 --pred gt:0.5 --variant stable --runs 3 --n $n --pass-fraction 0.5 --stable-overlap-halves true --alternate-check 12 2>&1 | grep -E '^stable|rror|alternating'
done
