#!/bin/bash
# The sRGB code table (src/ops/srgb_lut.rs) against the pow it replaced: the same rows with the
# binary before it (.gpu/workgroup-old) and after (.gpu/workgroup), in turn, twice; then every
# code of scripts/edge-texels.py's codes8.raw in each 8-bit format through the new binary, each
# op checked against the CPU; then the study's format rows. Usage: bash scripts/gpu-srgb-ab.sh
# (after gpu-run.sh's set-up; the old binary carried as .gpu/workgroup-old).
set -u
W=.gpu/workgroup
OLD=.gpu/workgroup-old
T=.gpu/texels
out=${OUT:-/tmp/out}
mkdir -p "$out"
log() { echo "### $*"; "$@"; }
$W devices | head -3
for rep in 1 2; do
  for bin in $OLD $W; do
    for fmt in rgba8 bgra8-srgb; do
      log $bin histogram --synthetic 8192x8192:natural --format $fmt --variant fastest-sampled --runs 30
      log $bin blur --synthetic 4096x4096:natural --format $fmt --filter 15 --runs 30
      log $bin levels --synthetic 8192x8192:natural --format $fmt --runs 30 --without-chart
    done
    log $bin blur --synthetic 4096x4096:natural --format rgba8-srgb --filter 63 --runs 30
  done
done
fail=0
ok() { if "$@" > /tmp/ok.txt 2>&1; then echo "same: $*"; else echo "DIFFERENT: $*"; tail -3 /tmp/ok.txt; fail=1; fi; }
for fmt in rgba8-srgb bgra8-srgb rgba8 bgra8; do
  for m in "--measure grey --bins 766" "--measure luminance --bins 8192"; do
    $W histogram --texels $T/codes8.raw --size 256x3 --format $fmt $m --variant fastest-sampled --csv > /tmp/g.csv
    $W histogram --texels $T/codes8.raw --size 256x3 --format $fmt $m --variant cpu --csv > /tmp/c.csv
    if cmp -s /tmp/g.csv /tmp/c.csv; then echo "same: histogram $fmt $m"; else echo "DIFFERENT: histogram $fmt $m"; fail=1; fi
  done
  for f in 1 2 15; do ok $W blur --texels $T/codes8.raw --size 256x3 --format $fmt --filter $f --runs 2; done
  for c in 0 5; do ok $W levels --texels $T/codes8.raw --size 256x3 --format $fmt --clip $c --runs 2; done
  ok $W histogram --synthetic 2448x1505:natural --format $fmt --variant fastest-sampled,cpu --runs 2
done
log $W study --ops histogram-formats,blur-formats,levels --runs 30 --out "$out/study"
echo "srgb checks: $([ $fail = 0 ] && echo all same || echo SOME DIFFER)"
