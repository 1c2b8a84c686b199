#!/bin/bash
# Forty-fifth session, call 4 (an H100; the build of commit 0ddbc6c): `tile-atomic` against
# `subgroup-ballot` and `stable`, two rounds, with CUB's select and the CUDA floor in the call.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
{
nvidia-smi --query-gpu=name,driver_version --format=csv
.gpu/workgroup bandwidth --mb 256 --runs 30 | tail -4
for k in 1 2; do
  echo "## round $k"
  echo "# 2^26 50%"; .gpu/workgroup compact --n 67108864 $A --pass-fraction 0.5 --variant stable,tile-atomic,subgroup-ballot --runs 50 | grep -E "^(stable|subgroup|tile)|rror"
  echo "# 2^24 50%"; .gpu/workgroup compact --n 16777216 $A --pass-fraction 0.5 --variant stable,tile-atomic,subgroup-ballot --runs 50 | grep -E "^(stable|subgroup|tile)|rror"
  echo "# 2^20 50%"; .gpu/workgroup compact --n 1048576 $A --pass-fraction 0.5 --variant stable,tile-atomic,subgroup-ballot --runs 50 | grep -E "^(stable|subgroup|tile)|rror"
  echo "# 2^26 0.1%"; .gpu/workgroup compact --n 67108864 $A --pass-fraction 0.001 --variant stable,tile-atomic,subgroup-ballot --runs 30 | grep -E "^(stable|subgroup|tile)|rror"
done
echo "## CUB and the floor"
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26 && /tmp/compact_cub 24
} > $OUT/call4.txt 2>&1
