#!/bin/bash
# fastest-sampled's two forms on the GPU machine (docs/blur.md, "Large filters"): the fused tile
# (--sampled-segment 0) against the running-sum passes (segments of 16 to 128 outputs), by
# filter size, on 4096x4096 rgba16f, rgba8 and bgra8-srgb; every row checked against the CPU
# (`--variant all` fails on a difference). Then the exactness dumps through the passes, and the
# float peers at large filters. Usage: bash scripts/gpu-blur-passes.sh (after gpu-run.sh's loader
# set-up); output on stdout.
set -u
W=.gpu/workgroup
T=.gpu/texels
log() { echo "### $*"; "$@"; }
fail=0
must() { log "$@" || { echo "FAILED: $*"; fail=1; }; }
$W devices | head -3
for f in 7 15 23 31 47 63 95 127; do
  for s in 0 16 32 64 128; do
    must $W blur --synthetic 4096x4096:natural --format rgba16f --filter $f --variant fastest-sampled --sampled-segment $s --runs 20
  done
done
for fmt in rgba8 bgra8-srgb; do
  for f in 15 31 63 127; do
    for s in 0 32 64 128; do
      must $W blur --synthetic 4096x4096:natural --format $fmt --filter $f --variant fastest-sampled --sampled-segment $s --runs 20
    done
  done
done
# The default (auto) at a few sizes, two iterations and 1080p.
for f in 31 63 127; do must $W blur --synthetic 4096x4096:natural --format rgba16f --filter $f --iterations 2 --variant fastest-sampled --runs 20; done
must $W blur --synthetic 1920x1080:natural --format rgba16f --filter 63 --variant fastest-sampled --runs 20
# Exactness through the passes: every bit pattern, rgba32f edges, ties, every 8-bit code.
for s in 16 64; do
  for f in 2 3 15 33 128; do
    must $W blur --texels $T/bits16.raw --size 256x256 --format rgba16f --filter $f --sampled-segment $s --variant all --runs 1
    must $W blur --texels $T/bits11.raw --size 256x256 --format b10g11r11f --filter $f --sampled-segment $s --variant all --runs 1
    must $W blur --texels $T/edges32.raw --size 256x256 --format rgba32f --filter $f --sampled-segment $s --variant all --runs 1
    for fmt in rgba8 rgba8-srgb bgra8 bgra8-srgb; do
      must $W blur --texels $T/codes8.raw --size 256x3 --format $fmt --filter $f --iterations 2 --sampled-segment $s --variant all --runs 1
    done
  done
done
echo "blur checks: $([ $fail = 0 ] && echo all same || echo SOME FAILED)"
for k in 31 63 127; do BLUR_K=$k log python3 scripts/peers/blur_torch.py; done
