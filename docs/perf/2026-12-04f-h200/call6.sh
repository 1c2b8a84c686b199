#!/bin/bash
# Session 2026-12-04 (sixth), call 6: call 5 found even ORDER 0 (--stable-count-scatter 1)
# out of order on its u32 inputs, where it had been exact on generated f32. Which part matters:
# the product on the same file; the kernel on that file, on generated u32 `even`, on generated
# f32, and on a file of f32.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
W=.gpu/workgroup; P=docs/perf/2026-12-04f-h200/where_wrong.py; N=4194304
python3 $P gen $N /tmp/u.bin
python3 -c "
import array, random
r = random.Random(3)
array.array('f', (r.random() for _ in range($N))).tofile(open('/tmp/f.bin', 'wb'))"
run() { echo "== $*"; timeout 60 $W compact --variant stable --runs 3 "$@" 2>&1 | grep -E "^stable|error"; }
run --input /tmp/u.bin --type u32 --pred even
run --input /tmp/u.bin --type u32 --pred even --stable-overlap-persistent 132
for cs in 1 5; do
  run --input /tmp/u.bin --type u32 --pred even --stable-count-scatter $cs --stable-overlap-persistent 132
  run --n $N --type u32 --pred even --pass-fraction 0.5 --stable-count-scatter $cs --stable-overlap-persistent 132
  run --n $N --type u32 --pred even --stable-count-scatter $cs --stable-overlap-persistent 132
  run --n $N --pass-fraction 0.5 --stable-count-scatter $cs --stable-overlap-persistent 132
  run --input /tmp/f.bin --type f32 --pred gt:0.5 --stable-count-scatter $cs --stable-overlap-persistent 132
  run --n $N --dist seq --type u32 --pred even --stable-count-scatter $cs --stable-overlap-persistent 132
done
