#!/bin/bash
# Forty-ninth session, call 9: issue #5's goals at the session's last build on whatever GPU is lent,
# without ../shared/peers/run.sh (the session's device time is short): our compaction and sum
# twice, CUB's DeviceSelect::If and the floor, torch.sum and x[x > 0.5], in one call.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$name"
# (any GPU)
out=${OUT:-/tmp/out}; mkdir -p "$out"
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
$W devices
$W bandwidth --mb 256 --runs 30
for k in 1 2; do
  $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,tile-atomic,subgroup-ballot --runs 50
  $W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 50
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26
python3 - <<'PY'
import sys; sys.path.insert(0, "scripts/peers")
import torch
from torch_bench import bench
x = torch.rand(2**28, device="cuda"); print(f"torch.sum 2^28 f32: {bench(lambda: x.sum()):.4f} ms")
y = torch.rand(2**26, device="cuda"); print(f"x[x > 0.5] 2^26 f32: {bench(lambda: y[y > 0.5]):.4f} ms")
PY
$W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
} > "$out/goals.txt" 2>&1
tail -40 "$out/goals.txt"
