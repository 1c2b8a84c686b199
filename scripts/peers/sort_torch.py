# torch.sort on the GPU machine, for docs/sort.md: the same sizes and bench rule as
# ../shared/peers/peers.py (median of 30 runs timed with CUDA events after 3 warm-ups), f32
# uniform and non-negative int32 keys. torch.sort returns indices too (CUB SortPairs).
import torch

dev = "cuda"


def bench(f, reps=30):
    for _ in range(3):
        f()
    torch.cuda.synchronize()
    ts = []
    for _ in range(reps):
        a = torch.cuda.Event(enable_timing=True)
        b = torch.cuda.Event(enable_timing=True)
        a.record()
        f()
        b.record()
        b.synchronize()
        ts.append(a.elapsed_time(b))
    ts.sort()
    return ts[len(ts) // 2]


for lg in (20, 24, 26):
    n = 1 << lg
    k = torch.rand(n, device=dev)
    t = bench(lambda: torch.sort(k))
    print(f"torch.sort f32 n=2^{lg}: {t:.4f} ms {n / t / 1e6:.2f} Gkeys/s")
    ki = torch.randint(0, 2**31 - 1, (n,), device=dev, dtype=torch.int32)
    t = bench(lambda: torch.sort(ki))
    print(f"torch.sort i32 n=2^{lg}: {t:.4f} ms {n / t / 1e6:.2f} Gkeys/s")
