#!/bin/bash
# Forty-second session, call 1: the three-step radix pass's counts and offsets tile-major
# (WG_EXP_TILE_MAJOR=1: the count stores a tile's 256 counts as one row, the scatter reads its
# offsets as one row, the scan reads each digit's column strided) against digit-major (the kept
# layout), alternating twice (A T T A); then where the time goes (WG_EXP_SORT_STEPS: timing only,
# the rows are wrong on purpose): count alone, count + scan, and count + scatter without the scan.
# On an H200 also issue #5's goals with CUB.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in 0 1 1 0; do
  for t in u32 f32; do for n in 16777216 67108864; do
    echo "== tile-major=$w $t $n"; WG_EXP_TILE_MAJOR=$w $W sort --n $n --type $t --variant radix --runs 30 | grep -E '^radix ' | cut -c1-60
  done; done
  echo "== tile-major=$w f32 indices 67108864"; WG_EXP_TILE_MAJOR=$w $W sort --n 67108864 --type f32 --indices --variant radix --runs 30 | grep -E '^radix ' | cut -c1-60
done
for w in 0 1; do for steps in count count,scan count,scatter count,scan,scatter; do for n in 16777216 67108864; do
  echo "== steps tile-major=$w $steps u32 $n"; WG_EXP_TILE_MAJOR=$w WG_EXP_SORT_STEPS=$steps $W sort --n $n --type u32 --variant radix --runs 30 | grep -E '^radix ' | cut -c1-60
done; done; done
} > $out/call1.txt 2>&1
if echo "$gpu" | grep -q H200; then
{
  $W bandwidth --mb 256 --runs 30
  for k in 1 2; do
    $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,subgroup-ballot --runs 50
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
} > $out/h200-goals.txt 2>&1
OUT=$out timeout 300 bash .gpu/peers/run.sh > $out/h200-peers.txt 2>&1
fi
