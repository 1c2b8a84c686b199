#!/bin/bash
# Thirty-seventh session, call 4 (a diagnosis build, WG_OVERLAP_DIAG=1 records only the reducers:
# wrong results on purpose): where `overlap`'s time goes at 2^26 u32.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
for n in 16777216 67108864; do
for r in 132 264; do
  log env WG_OVERLAP_DIAG=1 $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --runs 30
  log $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --overlap-barrier --runs 30
  log $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --runs 30
done
log $W scan --n $n --type u32 --exclusive --variant reduce-then-scan --runs 30
done
log $W reduce --n 67108864 --type u32 --op sum --variant all --runs 30
$W --internals $out/k scan --n 1048576 --type u32 --exclusive --variant overlap,reduce-then-scan --runs 3
python3 scripts/nvidia-sass $out/k
date -u
} > $out/ours.txt 2>&1
