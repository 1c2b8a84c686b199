#!/bin/bash
# Session 2026-12-04 (sixth), call 2: why stable_count_scatter.comp disagreed with the CPU in
# call 1 (both orders) and what cs1 printed: full output at small and large sizes, one group
# per multiprocessor, and its recount (no word published: every prefix counted from the input).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
W=.gpu/workgroup
run() { echo "== $*"; timeout 30 $W compact --pass-fraction 0.5 --variant stable --runs 3 "$@" 2>&1 | grep -v "^variant\|^compact:" | tail -4; }
for cs in 1 2; do
  for n in 8192 1048576 2097152 4194304 67108864; do run --n $n --stable-count-scatter $cs --stable-overlap-persistent 132; done
  run --n 2097152 --stable-count-scatter $cs --stable-overlap-persistent 132 --stable-overlap-recount true
  run --n 67108864 --stable-count-scatter $cs --stable-overlap-persistent 396
done
run --n 67108864 --stable-count-scatter 1
