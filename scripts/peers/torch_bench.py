# The timing rule of ../shared/peers/peers.py, shared by the torch peers here: 3 warm-ups, then
# the median of `reps` runs timed with CUDA events.
import torch


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
