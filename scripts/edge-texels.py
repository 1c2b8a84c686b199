#!/usr/bin/env python3
"""Raw texel dumps that test `histogram --texels` where exactness is hardest, for checking a
device against the CPU reference (scripts/gpu-formats.sh). Usage: edge-texels.py DIR

  edges32.raw  rgba32f 256x256: (r, g) pairs whose 0.2126 r + 0.7152 g lies a few ulps from
               2^k (k = -70..69), where an fma would round differently; random bit patterns
               (NaN, infinities, denormals, negatives); and ordinary colours
  bits16.raw   rgba16f 256x256 of random 16-bit patterns
  bits11.raw   b10g11r11f 256x256 of random 32-bit patterns
  codes8.raw   256x3 of 8-bit codes, each code of each channel alone (rgba8-srgb / bgra8-srgb:
               grey with 766 bins gives bin r + g + b)
"""
import os
import random
import struct
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rnd = random.Random(7)
n = 256 * 256
f32 = lambda v: struct.pack("<f", v)

edges = []
for k in range(-70, 70):
    e = 2.0 ** k
    for q in (0.2, 0.5, 0.8):
        red = e * q / 0.2126
        for j in range(-2, 3):
            edges.append((red, (e * (1 + j * 2.0 ** -23) - 0.2126 * red) / 0.7152))
specials = [float("nan"), float("inf"), float("-inf"), -0.0, 1e-40, -1.0]
texels = bytearray()
for i in range(n):
    kind = i % 4
    if kind == 0:
        v = [struct.unpack("<f", struct.pack("<I", rnd.getrandbits(32)))[0] for _ in range(3)] + [1.0]
    elif kind == 1:
        r, g = edges[(i // 4) % len(edges)]
        v = [r, g, 0.0, 1.0]
    elif kind == 2:
        v = [rnd.random() * 4, rnd.random(), rnd.random() * 0.01, 1.0]
    else:
        v = [specials[i % 6], rnd.random(), rnd.random() * 1e-20, 1.0]
    texels += b"".join(struct.pack("<I", struct.unpack("<I", f32(x))[0]) if x == x else struct.pack("<I", 0x7FC00000) for x in v)
open(os.path.join(out, "edges32.raw"), "wb").write(texels)
open(os.path.join(out, "bits16.raw"), "wb").write(bytes(rnd.getrandbits(8) for _ in range(n * 8)))
open(os.path.join(out, "bits11.raw"), "wb").write(bytes(rnd.getrandbits(8) for _ in range(n * 4)))
codes = bytearray()
for ch in range(3):
    for c in range(256):
        px = [0, 0, 0, 255]
        px[ch] = c
        codes += bytes(px)
open(os.path.join(out, "codes8.raw"), "wb").write(codes)
