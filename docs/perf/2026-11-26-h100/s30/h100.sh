#!/bin/bash
# Session 30, H100: the compaction goal against the H100's own floor, and the blur rule.
W=.gpu/workgroup
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
$W devices | head -3
$W bandwidth --mb 256 --runs 50
$W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant subgroup-ballot,stable --runs 30
$W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant stable --runs 30
$W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 30
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26
b() { echo "### blur $*"; $W blur --synthetic 4096x4096:natural --variant fastest-sampled --runs 20 "$@" | grep -E "^fastest-sampled|rror"; }
for f in 3 15 63 127; do for s in auto 0; do if [ $s = auto ]; then b --format rgba16f --filter $f; else b --format rgba16f --filter $f --sampled-segment 0; fi; done; done
for f in 15 31 40 63 127; do b --format rgba8 --filter $f; b --format rgba8 --filter $f --sampled-segment $([ $f -lt 40 ] && echo 128 || echo 0); done
b --format bgra8-srgb --filter 40; b --format bgra8-srgb --filter 40 --sampled-segment 0
python3 - <<'PY'
import torch, time
x = torch.rand(1 << 26, device='cuda')
for _ in range(5): y = x[x > 0.5]
torch.cuda.synchronize(); s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
ts = []
for _ in range(30):
    s.record(); y = x[x > 0.5]; e.record(); torch.cuda.synchronize(); ts.append(s.elapsed_time(e))
ts.sort(); print("torch x[x > 0.5] 2^26 f32: %.4f ms" % ts[len(ts)//2])
z = torch.rand(1 << 28, device='cuda'); ts = []
for _ in range(30):
    s.record(); r = z.sum(); e.record(); torch.cuda.synchronize(); ts.append(s.elapsed_time(e))
ts.sort(); print("torch.sum 2^28 f32: %.4f ms" % ts[len(ts)//2])
PY
