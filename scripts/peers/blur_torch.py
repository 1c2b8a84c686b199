# Float box blurs on the GPU machine, next to `workgroup blur --format rgba16f` (docs/blur.md,
# "Other formats"): a 15x15 box (BLUR_K=N in the environment: N x N) with the edges replicated over a 4096x4096 RGBA image, in
# PyTorch (avg_pool2d after a replicate pad, as ../shared/peers/peers.py does for f32; f16 in
# NCHW and channels-last) and CuPy (uniform_filter, mode nearest; f32 and f16). Timed as
# peers.py times: median of 30 runs with CUDA events after 3 warm-ups (CuPy: its benchmark).
import os

import numpy as np
import torch
import torch.nn.functional as F
from torch_bench import bench  # beside this script

dev = "cuda"
W = H = 4096
K = int(os.environ.get("BLUR_K", "15"))
print("torch", torch.__version__, torch.cuda.get_device_name())
img = torch.rand(1, 4, H, W, device=dev)


def box(x):
    p = F.pad(x, (K // 2, K // 2, K // 2, K // 2), mode="replicate")
    return F.avg_pool2d(p, K, stride=1)


for name, x in [
    ("f32 NCHW", img),
    ("f16 NCHW", img.half()),
    ("f16 channels_last", img.half().contiguous(memory_format=torch.channels_last)),
]:
    t = bench(lambda: box(x))
    print(f"blur torch avg_pool2d {W}x{H} rgba {name} k={K}: {t:.4f} ms")

try:
    import cupy as cp
    import cupyx.scipy.ndimage as ndi
    from cupyx.profiler import benchmark

    for dt in [cp.float32, cp.float16]:
        a = cp.random.rand(H, W, 4).astype(dt)
        r = benchmark(lambda: ndi.uniform_filter(a, size=(K, K, 1), mode="nearest"), n_repeat=30, n_warmup=3)
        print(f"blur cupyx uniform_filter {W}x{H} rgba {np.dtype(dt).name} k={K}: {float(np.median(r.gpu_times)) * 1e3:.4f} ms")
except Exception as e:  # CuPy may be missing or refuse half
    print(f"cupy: {e}")
