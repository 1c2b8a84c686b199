#!/bin/bash
# The blur of other image formats on the GPU machine (docs/blur.md, "Other formats"):
# fastest-sampled at 4096x4096 on every format, next to fastest on rgba8, by filter size; the raw
# dumps of scripts/edge-texels.py (carried in .gpu/texels) and a palette of ties, each blurred by
# the GPU and the CPU (`--variant all` compares them and fails on a difference); then the float
# blur peers (scripts/peers/blur_torch.py). Usage: bash scripts/gpu-blur-formats.sh (after the
# loader set-up of gpu-run.sh).
set -u
W=.gpu/workgroup
T=.gpu/texels
out=${OUT:-/tmp/out}
mkdir -p "$out"
log() { echo "### $*"; "$@"; }
fail=0
must() { log "$@" || { echo "FAILED: $*"; fail=1; }; }
$W devices
log $W bandwidth --mb 256 --runs 30
log $W study --ops blur-formats --runs 30 --out "$out/study-blur-formats"
must $W blur --synthetic 4096x4096:natural --variant all --runs 30
for fmt in rgba8-srgb bgra8 rgba16f rgba32f b10g11r11f; do
  must $W blur --synthetic 4096x4096:natural --format $fmt --variant all --runs 30
done
for f in 3 7 31 63 127; do
  for v in fastest fastest-sampled; do must $W blur --synthetic 4096x4096:natural --filter $f --variant $v --runs 30; done
  must $W blur --synthetic 4096x4096:natural --format rgba16f --filter $f --variant fastest-sampled --runs 30
done
must $W blur --synthetic 4096x4096:natural --format rgba16f --iterations 3 --variant fastest-sampled --runs 30
must $W blur --synthetic 1920x1080:natural --format rgba16f --variant fastest-sampled --runs 30
must $W blur --synthetic 1920x1080:natural --variant fastest --runs 30
# Exactness where it is hardest: every bit pattern, ties, every code.
python3 - "$T/ties16.raw" <<'PY'
import random, struct, sys
rnd = random.Random(3)
pal = [0x3C00, 0x3C01, 0x3C02, 0x3C03, 0xBC01, 0x0001, 0x8001, 0x0003, 0x7BFF, 0x7BFE]
spec = [0x7C00, 0xFC00, 0x7E00, 0x8000]
with open(sys.argv[1], "wb") as f:
    for i in range(512 * 512 * 4):
        f.write(struct.pack("<H", rnd.choice(spec) if rnd.random() < 0.02 else rnd.choice(pal)))
PY
for f in 1 2 3 4 15 128; do
  must $W blur --texels $T/bits16.raw --size 256x256 --format rgba16f --filter $f --variant all --runs 1
  must $W blur --texels $T/bits11.raw --size 256x256 --format b10g11r11f --filter $f --variant all --runs 1
  must $W blur --texels $T/edges32.raw --size 256x256 --format rgba32f --filter $f --variant all --runs 1
  must $W blur --texels $T/ties16.raw --size 512x512 --format rgba16f --filter $f --variant all --runs 1
  for fmt in rgba8 rgba8-srgb bgra8 bgra8-srgb; do
    must $W blur --texels $T/codes8.raw --size 256x3 --format $fmt --filter $f --iterations 2 --variant all --runs 1
  done
done
echo "blur checks: $([ $fail = 0 ] && echo all same || echo SOME FAILED)"
log python3 scripts/peers/blur_torch.py
