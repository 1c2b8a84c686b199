# Scan peers in Python on the GPU machine, for docs/scan.md: torch.cumsum (f32, and int32 with
# dtype=int32 so the output stays 4 bytes), torch.cummax (values and int64 indices), and
# cupy.cumsum, at the sizes of scan_cub.cu. Same bench rule as ../shared/peers/peers.py (median of
# 30 runs timed with CUDA events after 3 warm-ups).
import torch
from torch_bench import bench  # beside this script

dev = "cuda"
for lg in (20, 24, 26, 28):
    n = 1 << lg
    x = torch.rand(n, device=dev)
    t = bench(lambda: torch.cumsum(x, 0))
    print(f"torch.cumsum f32 n=2^{lg}: {t:.4f} ms {8 * n / t / 1e6:.1f} GB/s")
    xi = torch.randint(0, 1 << 24, (n,), device=dev, dtype=torch.int32)
    t = bench(lambda: torch.cumsum(xi, 0, dtype=torch.int32))
    print(f"torch.cumsum i32 n=2^{lg}: {t:.4f} ms {8 * n / t / 1e6:.1f} GB/s")
    t = bench(lambda: torch.cummax(xi, 0))
    print(f"torch.cummax i32 n=2^{lg}: {t:.4f} ms (values and int64 indices)")
    del x, xi
try:
    import cupy as cp
    from cupyx.profiler import benchmark
    for lg in (20, 24, 26, 28):
        n = 1 << lg
        x = cp.random.random(n, dtype=cp.float32)
        r = benchmark(cp.cumsum, (x,), n_repeat=30, n_warmup=3)
        t = float(sorted(r.gpu_times[0])[len(r.gpu_times[0]) // 2]) * 1e3
        print(f"cupy.cumsum f32 n=2^{lg}: {t:.4f} ms {8 * n / t / 1e6:.1f} GB/s")
        del x
except Exception as e:  # CuPy missing: say so, keep torch's numbers
    print(f"cupy: {e}")
