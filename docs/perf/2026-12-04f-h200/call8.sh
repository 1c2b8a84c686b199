#!/bin/bash
# Session 2026-12-04 (sixth), call 8: where the kernel's output is wrong on u32 `even` at 2^22
# (WG_EXP_DUMP=1 writes --out even when it disagrees; where_wrong.py reads it): one group with
# no word published (deterministic), 132 groups; and the product's own recount on the same input
# (its fallback path, persistent and one group per tile).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
W=.gpu/workgroup; P=docs/perf/2026-12-04f-h200/where_wrong.py; N=4194304
python3 $P gen $N /tmp/u.bin
export WG_EXP_DUMP=1
run() { local g=$1; shift; echo "== groups $g: $*"; rm -f /tmp/o.bin; timeout 60 $W compact --variant stable --runs 3 --input /tmp/u.bin --type u32 --pred even --out /tmp/o.bin "$@" 2>&1 | grep -E "^stable|error"; [ -e /tmp/o.bin ] && python3 $P check /tmp/u.bin /tmp/o.bin $g | head -30; }
run 1 --stable-count-scatter 1 --stable-overlap-persistent 1 --stable-overlap-recount true
run 132 --stable-count-scatter 1 --stable-overlap-persistent 132
run 132 --stable-overlap-persistent 132 --stable-overlap-recount true
run 1 --stable-overlap-persistent 1 --stable-overlap-recount true
run 1 --stable-overlap-persistent 0 --stable-overlap-recount true
