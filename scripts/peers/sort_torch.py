# torch.sort on the GPU machine, for docs/sort.md: the same sizes and bench rule as
# ../shared/peers/peers.py (median of 30 runs timed with CUDA events after 3 warm-ups), f32
# uniform and non-negative int32 keys. torch.sort returns indices too (CUB SortPairs).
import torch
from torch_bench import bench  # beside this script

dev = "cuda"


for lg in (20, 24, 26):
    n = 1 << lg
    k = torch.rand(n, device=dev)
    t = bench(lambda: torch.sort(k))
    print(f"torch.sort f32 n=2^{lg}: {t:.4f} ms {n / t / 1e6:.2f} Gkeys/s")
    ki = torch.randint(0, 2**31 - 1, (n,), device=dev, dtype=torch.int32)
    t = bench(lambda: torch.sort(ki))
    print(f"torch.sort i32 n=2^{lg}: {t:.4f} ms {n / t / 1e6:.2f} Gkeys/s")
