#!/bin/bash
# Thirty-seventh session, call 7 (diagnosis build, wrong results on purpose): `overlap`'s scan
# pass alone (WG_OVERLAP_DIAG=14: no reducers, no prefix words, a barrier) against
# reduce-then-scan's scan pass alone (WG_RTS_DIAG=1: offsets wrong, the partials unscanned), and
# both kernels' machine code.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
n=67108864
for rep in 1 2; do
  log env WG_OVERLAP_DIAG=14 $W scan --n $n --type u32 --exclusive --variant overlap --overlap-barrier --runs 30
  log env WG_RTS_DIAG=1 $W scan --n $n --type u32 --exclusive --variant reduce-then-scan --runs 30
done
$W --internals /tmp/k scan --n 1048576 --type u32 --exclusive --variant overlap,reduce-then-scan --runs 3 > /dev/null
python3 scripts/nvidia-sass /tmp/k | grep -v '^ *$'
mkdir -p $out/sass; cp /tmp/k/scan.overlap_scan.c0-256.c1-0.c2-0.c10-1048576.sass /tmp/k/scan.reduce_then_scan_scan.c0-256.c1-0.c2-0.sass /tmp/k/scan.overlap_reduce*.sass $out/sass/
date -u
} > $out/ours.txt 2>&1
