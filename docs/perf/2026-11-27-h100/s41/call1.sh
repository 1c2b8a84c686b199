#!/bin/bash
# Forty-first session, call 1: radix tiles of 256 x 20 keys (K20: 5120 keys, 2 groups a
# multiprocessor under the 48 KiB of shared memory NVIDIA gives a compute pipeline, 10,240 keys
# in flight) against the kept 256 x 12 (base, commit 36ffd84: 3072 keys, 3 groups, 9,216),
# alternating twice (base, K20, K20, base). On an H200 also issue #5's goals with CUB (last
# measured there in the thirty-second session).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in base k20 k20 base; do
  for t in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "== $w $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
  done; done
  for n in 16777216 67108864; do
    echo "== $w f32 indices $n"; .gpu/wg-$w sort --n $n --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
  done
done
for w in base k20; do echo "== stats $w"; .gpu/wg-$w sort --n 16777216 --type f32 --variant radix,onesweep --runs 1 --stats 2>&1 | grep -iE "register|shared|radix_|onesweep" | head -40; done
} > $out/call1.txt 2>&1
if echo "$gpu" | grep -q H200; then
{
  .gpu/wg-base bandwidth --mb 256 --runs 30
  for k in 1 2; do
    .gpu/wg-base compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,subgroup-ballot --runs 50
    .gpu/wg-base reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 50
  done
  nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26
  python3 - <<'PY'
import sys; sys.path.insert(0, "scripts/peers")
import torch
from torch_bench import bench
x = torch.rand(2**28, device="cuda"); print(f"torch.sum 2^28 f32: {bench(lambda: x.sum()):.4f} ms")
y = torch.rand(2**26, device="cuda"); print(f"x[x > 0.5] 2^26 f32: {bench(lambda: y[y > 0.5]):.4f} ms")
PY
  .gpu/wg-base compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
} > $out/h200-goals.txt 2>&1
fi
