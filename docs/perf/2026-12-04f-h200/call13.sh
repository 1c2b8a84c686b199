#!/bin/bash
# Session 2026-12-04 (sixth), call 13: call 12 found every tile scattered inside the loop wrong
# on u32 `even` and every group's last tile (scattered after it) right (1,024 - 132 = 892 wrong).
# --stable-count-scatter 16: the loop with its first iteration peeled off (ORDER 5: no `k > 0`
# condition around the scatter's loads and barriers). u32 and f32, then its time at 2^26.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
W=.gpu/workgroup
run() { echo "== $*"; timeout 60 $W compact --variant stable "$@" 2>&1 | grep -E "^stable|error"; }
for g in 1 132 528; do run --runs 3 --n 4194304 --type u32 --pred even --pass-fraction 0.5 --stable-count-scatter 16 --stable-overlap-persistent $g; done
for ty in "--type u32 --pred even" "--type i32 --pred lt:0" "--type f32"; do
  for f in 0.001 0.5 1.0; do run --runs 3 --n 67108864 $ty --pass-fraction $f --stable-count-scatter 16; done
done
run --runs 3 --n 10000019 --type u32 --pred even --pass-fraction 0.5 --stable-count-scatter 16
for r in 1 2; do
  run --runs 50 --n 67108864 --pass-fraction 0.5 --stable-count-scatter 16
  run --runs 50 --n 67108864 --pass-fraction 0.5 --stable-count-scatter 16 --stable-overlap-persistent 396
  run --runs 50 --n 67108864 --pass-fraction 0.5
done
