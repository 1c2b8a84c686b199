#!/bin/bash
# Thirty-seventh session, call 16 (record): the committed scan (commit 74ffbac, .gpu/workgroup)
# next to CUB's DeviceScan in one call: reduce-then-scan, overlap and single-pass, u32 exclusive
# and f32 inclusive sums, 2^20 to 2^28, two rounds in alternating order; u32 running max; in place.
# Then `stable` compaction with coherent first reads of its words (.gpu/wg-cc,
# compact-coherent-first-reads.diff) against the kept one, alternating.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
$W devices 2>&1 | head -3
log $W bandwidth --mb 256 --runs 50
for round in 1 2; do
  if [ $round = 1 ]; then V=reduce-then-scan,overlap,single-pass; else V=single-pass,overlap,reduce-then-scan; fi
  for n in 1048576 16777216 67108864 268435456; do
    log $W scan --n $n --type u32 --exclusive --variant $V --runs 30
    log $W scan --n $n --type f32 --variant $V --runs 30
  done
done
for n in 16777216 67108864; do log $W scan --n $n --type u32 --op max --variant reduce-then-scan,overlap,single-pass --runs 30; done
log $W scan --n 67108864 --type u32 --exclusive --variant reduce-then-scan,overlap,single-pass --in-place --runs 30
log $W scan --n 67108864 --type u32 --exclusive --variant overlap --runs 3 --repeat 20
date -u
} > $out/ours.txt 2>&1
{
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub
log $W scan --n 67108864 --type u32 --exclusive --variant overlap,single-pass --runs 30
date -u
} > $out/cub.txt 2>&1
{
for round in 1 2; do for B in .gpu/workgroup .gpu/wg-cc; do
  log $B compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
  log $B compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
done; done
date -u
} > $out/compact.txt 2>&1
