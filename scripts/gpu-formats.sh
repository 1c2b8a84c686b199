#!/bin/bash
# The histogram of other image formats on the GPU machine: the study's `histogram-formats` rows
# (8192x8192, every format) and `histogram` rows (fastest-sampled next to fastest-image), then the
# raw dumps of scripts/edge-texels.py (carried in .gpu/texels), each binned by fastest-sampled and
# by the CPU and compared. Usage: bash scripts/gpu-formats.sh (after gpu-run.sh's set-up).
set -u
W=.gpu/workgroup
T=.gpu/texels
out=${OUT:-/tmp/out}
mkdir -p "$out"
log() { echo "### $*"; "$@"; }
$W devices
log $W study --ops histogram-formats --runs 30 --out "$out/study-formats"
log $W study --ops histogram --runs 30 --out "$out/study-histogram"
fail=0
check() { # check FILE SIZE FORMAT ARGS...
  local f=$1 size=$2 fmt=$3; shift 3
  $W histogram --texels "$T/$f" --size "$size" --format "$fmt" "$@" --variant fastest-sampled --csv > /tmp/gpu.csv
  $W histogram --texels "$T/$f" --size "$size" --format "$fmt" "$@" --variant cpu --csv > /tmp/cpu.csv
  if cmp -s /tmp/gpu.csv /tmp/cpu.csv; then echo "same: $f $fmt $*"; else echo "DIFFERENT: $f $fmt $*"; fail=1; diff /tmp/gpu.csv /tmp/cpu.csv | head -5; fi
}
for r in "--log-range=-16:16 --bins 256" "--log-range=-64:64 --bins 128" "--log-range=-4:4 --bins 64" "--log-range=-1:1 --bins 4096"; do
  check edges32.raw 256x256 rgba32f $r
  check bits16.raw 256x256 rgba16f $r
  check bits11.raw 256x256 b10g11r11f $r
done
for fmt in rgba8 rgba8-srgb bgra8 bgra8-srgb; do
  check codes8.raw 256x3 $fmt --measure grey --bins 766
  check codes8.raw 256x3 $fmt --measure luminance --bins 8192
  check codes8.raw 256x3 $fmt --measure log-luminance --bins 4096
done
echo "texel checks: $([ $fail = 0 ] && echo all same || echo SOME DIFFERENT)"
