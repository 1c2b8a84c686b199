#!/bin/bash
# Elements past the end read as a value the predicate never keeps (load4), so the masks need no
# bound checks: registers and times of the look-back kernels. f32 > 0.5.
source scripts/gpu-compact-dealt-common.sh
N="--n 67108864 --pass-fraction 0.5"
for k in 1 2; do
  row $N
  row $N --lookback-diag 1
  row $N --lookback-large-from never
done
row --n 67108864 --pass-fraction 0.001
row --n 16777216 --pass-fraction 0.5
row --n 8388608 --pass-fraction 0.5
.gpu/workgroup compact --type f32 --pred gt:0.5 --runs 30 --variant all $N 2>&1 | tail -7
