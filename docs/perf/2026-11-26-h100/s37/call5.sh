#!/bin/bash
# Thirty-seventh session, call 5: `overlap`'s scan with its fallback in one accumulator (call 4
# found the scan kernel at 78 registers, reduce-then-scan's at 32), reducer counts, and the
# diagnosis (WG_OVERLAP_DIAG=1: the reducers alone, wrong results on purpose).
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
$W --internals $out/k scan --n 1048576 --type u32 --exclusive --variant overlap --runs 3 > /dev/null
python3 scripts/nvidia-sass $out/k | grep -v '^ *$'
rm -rf $out/k
n=67108864
for r in 132 264; do
  log $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --overlap-barrier --runs 30
  log $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --runs 30
done
log $W scan --n $n --type u32 --exclusive --variant reduce-then-scan,single-pass --runs 30
for n in 1048576 16777216 268435456; do log $W scan --n $n --type u32 --exclusive --variant reduce-then-scan,overlap,single-pass --runs 30; done
date -u
} > $out/ours.txt 2>&1
