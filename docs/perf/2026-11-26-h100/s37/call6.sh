#!/bin/bash
# Thirty-seventh session, call 6 (diagnosis build: WG_OVERLAP_DIAG=1 the reducers alone, 2 no
# chunk totals, 4 no tile partials, 6 neither; wrong results on purpose): where `overlap`'s scan
# groups lose their time, with and without the barrier after the reducers.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
n=67108864
for b in "" --overlap-barrier; do
for d in 0 1 2 4 6; do
  log env WG_OVERLAP_DIAG=$d $W scan --n $n --type u32 --exclusive --variant overlap $b --runs 30
done; done
log $W scan --n $n --type u32 --exclusive --variant reduce-then-scan,single-pass --runs 30
date -u
} > $out/ours.txt 2>&1
