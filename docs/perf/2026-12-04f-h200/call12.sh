#!/bin/bash
# Session 2026-12-04 (sixth), call 12: which tiles' output ranges the kernel gets wrong on u32
# `even` at 2^22, with one group (no other group: deterministic) and with 132.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
W=.gpu/workgroup; P=docs/perf/2026-12-04f-h200/where_wrong.py
python3 $P gen 4194304 /tmp/u.bin
export WG_EXP_DUMP=1
for g in 1 132; do for cs in 1 11; do
  echo "== groups $g, --stable-count-scatter $cs"; rm -f /tmp/o.bin
  timeout 60 $W compact --variant stable --runs 1 --warmup 0 --input /tmp/u.bin --type u32 --pred even --stable-count-scatter $cs --stable-overlap-persistent $g --out /tmp/o.bin 2>&1 | grep -E "^stable|error"
  [ -e /tmp/o.bin ] && python3 $P check /tmp/u.bin /tmp/o.bin $g 2>&1 | head -14
done; done
