# Auto levels in PyTorch on the GPU machine, for docs/levels.md: the definition of
# src/cpu/levels.rs (000's luminance histogram of 256 bins, black/white with `clip` pixels
# allowed past each, every r, g, b stretched by a table, alpha kept), all in tensors on the GPU
# with no host round trip, timed as ../shared/peers/peers.py times (median of 30 runs with CUDA
# events after 3 warm-ups). Uniform random RGBA8 images (as `workgroup levels --synthetic
# WxH:random`). `adjust` is steps 1-3 (histogram, levels, stretch); `frame` adds the histogram of
# the result (step 4; the chart, step 5, has no torch counterpart here). Checked first against a
# plain-Python version of the definition on a small image.
import torch
from torch_bench import bench  # beside this script

dev = "cuda"
CLIP_PPM = 5000  # 0.5% at each end


def histogram(px):  # px: (N, 4) int32
    s = 2126 * px[:, 0] + 7152 * px[:, 1] + 722 * px[:, 2]
    return torch.bincount(torch.clamp(s * 256 // 2550000, max=255), minlength=256)


def adjust(img):  # img: (N, 4) uint8 on the GPU
    px = img.to(torch.int32)
    hist = histogram(px)
    n = px.shape[0]
    clip = n * CLIP_PPM // 1000000
    incl = torch.cumsum(hist, 0)
    black = (incl <= clip).sum()
    white = ((incl - hist) < n - clip).sum() - 1
    v = torch.arange(256, device=img.device)
    d = white - black
    table = torch.clamp(((v - black) * 255 + d // 2) // torch.clamp(d, min=1), 0, 255)
    table = torch.where(d > 0, table, v).to(torch.int32)
    out = torch.cat([table[px[:, :3].long()], px[:, 3:]], 1).to(torch.uint8)
    return out, hist, black, white


def frame(img):
    out, hist, black, white = adjust(img)
    return out, hist, histogram(out.to(torch.int32)), black, white


def reference(pixels):  # plain Python, a list of (r, g, b, a)
    hist = [0] * 256
    for r, g, b, _ in pixels:
        hist[min((2126 * r + 7152 * g + 722 * b) * 256 // 2550000, 255)] += 1
    n = len(pixels)
    clip = n * CLIP_PPM // 1000000
    below, black, white = 0, None, 0
    for b, c in enumerate(hist):
        if n - below > clip:
            white = b
        below += c
        if black is None and below > clip:
            black = b

    def stretch(x):
        if white <= black:
            return x
        if x <= black:
            return 0
        if x >= white:
            return 255
        return ((x - black) * 255 + (white - black) // 2) // (white - black)

    return [(stretch(r), stretch(g), stretch(b), a) for r, g, b, a in pixels], black, white


small = torch.randint(0, 256, (97 * 61, 4), dtype=torch.uint8, device=dev)
small[:, :3] = small[:, :3] // 3 + 60  # a dull image, so that the levels move
out, _, _, black, white = frame(small)
want, wb, ww = reference([tuple(p) for p in small.cpu().tolist()])
ok = [tuple(p) for p in out.cpu().tolist()] == want and (int(black), int(white)) == (wb, ww)
print(f"torch levels matches the definition on 97x61: {ok} (black {wb}, white {ww})")

for w, h in ((1920, 1080), (3840, 2160), (8192, 8192)):
    img = torch.randint(0, 256, (w * h, 4), dtype=torch.uint8, device=dev)
    ta = bench(lambda: adjust(img))
    tf = bench(lambda: frame(img))
    print(f"torch levels {w}x{h} random: adjust {ta:.4f} ms | frame (with the histogram after) {tf:.4f} ms")
