#!/bin/bash
# Fortieth session, call 7: issue #5's goals, binary of commit b7c23dd (compaction and reduce code as in the
# thirty-eighth session) with ../shared/peers/run.sh, CUB's DeviceSelect::If and the
# read-all-write-half floor, torch.sum and x[x > 0.5], on whichever GPU the call gets (asked for
# an H200, where the goal was set).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
.gpu/workgroup bandwidth --mb 256 --runs 30
for k in 1 2; do
  .gpu/workgroup compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,subgroup-ballot --runs 50
  .gpu/workgroup reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 50
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26
python3 - <<'PY'
import sys; sys.path.insert(0, "scripts/peers")
import torch
from torch_bench import bench
x = torch.rand(2**28, device="cuda"); print(f"torch.sum 2^28 f32: {bench(lambda: x.sum()):.4f} ms")
y = torch.rand(2**26, device="cuda"); print(f"x[x > 0.5] 2^26 f32: {bench(lambda: y[y > 0.5]):.4f} ms")
PY
.gpu/workgroup compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
} > $out/call7.txt 2>&1
OUT=$out timeout 300 bash .gpu/peers/run.sh > $out/call7-peers.txt 2>&1
