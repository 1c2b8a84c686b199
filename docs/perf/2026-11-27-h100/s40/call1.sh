#!/bin/bash
# Fortieth session, call 1: the radix keys kept as images between passes (B: only the first pass
# converts from the type, only the last back) against commit 614e08c (A: every pass converts),
# alternating twice, the types in the order f32, i32, u32 (the thirty-ninth session always ran u32
# first); then CUB's SortKeys. On an H200 also issue #5's goals (last measured there in the
# thirty-second session): compaction and reduce, CUB's DeviceSelect::If and the floor, torch.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
for w in a b; do echo "== stats $w"; .gpu/wg-$w sort --n 16777216 --type f32 --variant radix,onesweep --runs 2 --stats | grep -E 'registers|sort\.' | head -30; done
for r in 1 2; do for w in a b; do
  for t in f32 i32 u32; do for n in 1048576 16777216 67108864; do
    echo "== $w r$r $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
  done; done
  echo "== $w r$r f32 indices 67108864"; .gpu/wg-$w sort --n 67108864 --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
done; done
echo "== CUB"
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/sort_cub scripts/peers/sort_cub.cu && /tmp/sort_cub
} > $out/call1.txt 2>&1
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
{
  for k in 1 2; do
    .gpu/wg-b compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,subgroup-ballot --runs 50
    .gpu/wg-b reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 50
  done
  nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26
  python3 - <<'PY'
import sys; sys.path.insert(0, "scripts/peers")
import torch
from torch_bench import bench
x = torch.rand(2**28, device="cuda"); print(f"torch.sum 2^28 f32: {bench(lambda: x.sum()):.4f} ms")
y = torch.rand(2**26, device="cuda"); print(f"x[x > 0.5] 2^26 f32: {bench(lambda: y[y > 0.5]):.4f} ms")
PY
} > $out/call1-h200-goals.txt 2>&1
fi
