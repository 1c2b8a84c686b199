#!/bin/bash
# Thirty-seventh session, call 8: `overlap` with its rounds' loops unrolled (call 7's machine code
# kept the scan's tile in local memory: STL/LDL), the diagnosis of call 7 again, reducer counts,
# and next to reduce-then-scan and the single pass.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
$W --internals /tmp/k scan --n 1048576 --type u32 --exclusive --variant overlap --runs 3 > /dev/null
python3 scripts/nvidia-sass /tmp/k | grep -v '^ *$'; grep -c 'STL\|LDL' /tmp/k/*.sass
n=67108864
log env WG_OVERLAP_DIAG=14 $W scan --n $n --type u32 --exclusive --variant overlap --overlap-barrier --runs 30
for r in 132 264; do
  log env WG_OVERLAP_DIAG=1 $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --runs 30
  log $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --overlap-barrier --runs 30
  log $W scan --n $n --type u32 --exclusive --variant overlap --reducers $r --runs 30
done
for n in 1048576 16777216 67108864 268435456; do log $W scan --n $n --type u32 --exclusive --variant reduce-then-scan,overlap,single-pass --runs 30; done
log $W scan --n 67108864 --type f32 --variant reduce-then-scan,overlap,single-pass --runs 30
date -u
} > $out/ours.txt 2>&1
