#!/bin/bash
# Thirty-seventh session, call 9: `overlap`'s reducers with one barrier a tile (alternate slots,
# invocation 0 sums and publishes), reducer counts, and next to reduce-then-scan and the single
# pass (WG_OVERLAP_DIAG=1: the reducers alone, wrong results on purpose).
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
$W --internals /tmp/k scan --n 1048576 --type u32 --exclusive --variant overlap --runs 3 > /dev/null
python3 scripts/nvidia-sass /tmp/k | grep -v '^ *$'; grep -c 'STL\|LDL' /tmp/k/*.sass
mkdir -p $out/sass; cp /tmp/k/*.sass $out/sass/
n=67108864
for r in 132 198 264; do
  log env WG_OVERLAP_DIAG=1 $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --runs 30
  log $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --runs 30
done
for n in 1048576 16777216 67108864 268435456; do log $W scan --n $n --type u32 --exclusive --variant reduce-then-scan,overlap,single-pass --runs 30; done
date -u
} > $out/ours.txt 2>&1
