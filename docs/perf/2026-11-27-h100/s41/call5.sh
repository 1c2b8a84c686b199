#!/bin/bash
# Forty-first session, call 5: the sort mode of scripts/gpu-run.sh at the session's build (tiles
# of 5120 keys, the 8-tile count from 16,384 tiles), with CUB's DeviceRadixSort and torch.sort,
# and the study's sort rows, in one call; then K20 (call 1's build) at 2^26 for the count
# threshold's effect. On an H200 also issue #5's goals.
set -u
bash scripts/gpu-run.sh sort > $OUT/sort-run.txt 2>&1
tar -C $OUT -czf $OUT/study-sort.tgz study-sort && rm -rf $OUT/study-sort
{
for w in workgroup wg-k20 wg-k20 workgroup; do for t in u32 f32; do
  echo "== $w $t 67108864"; .gpu/$w sort --n 67108864 --type $t --variant radix --runs 30 | grep -E '^radix ' | cut -c1-60
done; done
} > $OUT/ab.txt 2>&1
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
{
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
} > $OUT/h200-goals.txt 2>&1
fi
