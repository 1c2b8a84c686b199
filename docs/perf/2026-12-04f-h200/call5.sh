#!/bin/bash
# Session 2026-12-04 (sixth), call 5: where the publish-first form (--stable-count-scatter 5, a
# diagnosis) writes out of order: u32 inputs whose kept values name their index
# (where_wrong.py), 2^22 and 2^23 elements, 132 and 528 groups, ORDER 0 as the control.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
W=.gpu/workgroup; P=docs/perf/2026-12-04f-h200/where_wrong.py
for n in 4194304 8388608; do
  python3 $P gen $n /tmp/in$n.bin
  for cs in 5 1; do for g in 132 528; do
    echo "== n=$n cs=$cs groups=$g"
    timeout 60 $W compact --input /tmp/in$n.bin --type u32 --pred even --variant stable --stable-count-scatter $cs --stable-overlap-persistent $g --runs 3 --out /tmp/o.bin 2>&1 | grep -E "^stable|error"
    python3 $P check /tmp/in$n.bin /tmp/o.bin $g | head -24
  done; done
done
