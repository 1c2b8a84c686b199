#!/bin/bash
# Call 9: integer subgroup scans by shuffles up in the scan (scan_group.glsl) and in the
# compaction's tile rank (tile_rank.glsl) as well as the radix sort's (wg-after), against the
# driver's subgroupExclusiveAdd everywhere (wg-before, commit 81423b2), alternating twice; then
# the machine code of the after build.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
log() { echo "### $*"; "$@"; }
{
date -u
for rep in 1 2; do for w in before after; do
  W=.gpu/wg-$w; echo "=== $w (rep $rep)"
  log $W scan --n 67108864 --type u32 --op sum --exclusive --variant reduce-then-scan,single-pass --runs 30
  log $W scan --n 268435456 --type u32 --op sum --exclusive --variant reduce-then-scan,single-pass --runs 20
  log $W scan --n 1048576 --type u32 --op sum --exclusive --variant reduce-then-scan,single-pass --runs 30
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,stable-lookback --runs 50
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant stable --runs 30
  log $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
done; done
for op in scan compact; do :; done
.gpu/wg-after --internals /tmp/k scan --n 1000000 --type u32 --op sum --variant all --runs 1 > /dev/null
.gpu/wg-after --internals /tmp/k compact --n 1000000 --variant all --runs 1 > /dev/null
python3 scripts/nvidia-sass /tmp/k
date -u
} > $out/call9.txt 2>&1
