#!/bin/bash
# Call 12: onesweep with the shuffles in its splits only (not in its scan of the tile's digit
# counts; wg-after), against the session's kept build (wg-before, commit 31e16d7), alternating twice.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
log() { echo "### $*"; "$@"; }
{
date -u
for rep in 1 2; do for w in before after; do
  W=.gpu/wg-$w; echo "=== $w (rep $rep)"
  for n in 65536 1048576 16777216 67108864; do log $W sort --n $n --type u32 --variant onesweep --runs 30; done
  log $W sort --n 1048576 --type f32 --variant onesweep,radix --runs 30
  log $W sort --n 1048576 --type f32 --variant onesweep --indices --runs 30
done; done
.gpu/wg-after --internals /tmp/k sort --n 100000 --type u32 --variant onesweep --runs 1 > /dev/null
python3 scripts/nvidia-sass /tmp/k
date -u
} > $out/call12.txt 2>&1
