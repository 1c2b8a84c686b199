#!/bin/bash
# Session 2026-12-04 (sixth), call 7: the kernel's wrong order on u32 `even` (call 6): with no
# word published (every prefix counted from the input), with one group (no other group to race),
# with 2, 8 and 33 groups, and ORDER 1-3; generated u32, 2^20 to 2^22 elements.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
W=.gpu/workgroup
run() { local n=$1; shift; echo "== n=$n $*"; timeout 60 $W $G compact --variant stable --runs 3 --n $n --type u32 --pred even --pass-fraction 0.5 "$@" 2>&1 | grep -E "^stable|error"; }
N=4194304
run $N --stable-count-scatter 1 --stable-overlap-persistent 132 --stable-overlap-recount true
for g in 1 2 8 33 132; do run $N --stable-count-scatter 1 --stable-overlap-persistent $g; done
for cs in 2 3 4; do run $N --stable-count-scatter $cs --stable-overlap-persistent 132; done
run 1048576 --stable-count-scatter 1 --stable-overlap-persistent 132
run 2097152 --stable-count-scatter 1 --stable-overlap-persistent 132
G=--validate run $N --stable-count-scatter 1 --stable-overlap-persistent 132
