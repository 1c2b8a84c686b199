#!/bin/bash
# Session 2026-12-04 (sixth), call 9: is the kernel's wrong order on u32 `even` (calls 5-8: a few
# tiles written at base 0) the subgroups' lanes not brought together again after a branch
# (docs/reduce_compact.md, "2026-12-02")? --stable-count-scatter 6-10 are 1-5 with a
# subgroupBarrier after the publishing invocation's branch and before the prefix's subgroupAdd.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
W=.gpu/workgroup
run() { echo "== $*"; timeout 60 $W compact --variant stable "$@" 2>&1 | grep -E "^stable|error"; }
for cs in 1 6 10; do
  for g in 1 132 528; do run --runs 3 --n 4194304 --type u32 --pred even --pass-fraction 0.5 --stable-count-scatter $cs --stable-overlap-persistent $g; done
  run --runs 3 --n 67108864 --type u32 --pred even --pass-fraction 0.5 --stable-count-scatter $cs
  run --runs 50 --n 67108864 --pass-fraction 0.5 --stable-count-scatter $cs
done
run --runs 50 --n 67108864 --pass-fraction 0.5
