#!/bin/bash
# Forty-first session, call 6 (asked for an H200, where issue #5's goals were set): on an H200,
# issue #5's goals with ../shared/peers/run.sh, CUB's DeviceSelect::If and the floor, torch, and
# the sort next to CUB and torch at the session's build; on an H100, the sort mode of
# scripts/gpu-run.sh again (a second call for call 5's figures).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
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
} > $out/h200-goals.txt 2>&1
OUT=$out timeout 200 bash .gpu/peers/run.sh > $out/h200-peers.txt 2>&1
fi
bash scripts/gpu-run.sh sort > $out/sort-run.txt 2>&1
rm -rf $out/study-sort $out/workgroup.txt
