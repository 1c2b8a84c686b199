#!/bin/bash
# Call 10: the final build of the session (wg-after: the shuffles in the radix scan and the keys-only
# radix scatter) against commit 81423b2 (wg-before), alternating
# twice; then the machine code of both.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
log() { echo "### $*"; "$@"; }
{
date -u
for rep in 1 2; do for w in before after; do
  W=.gpu/wg-$w; echo "=== $w (rep $rep)"
  for n in 1048576 16777216 67108864; do log $W sort --n $n --type u32 --variant radix,onesweep --runs 30; done
  log $W sort --n 67108864 --type f32 --variant radix,onesweep --runs 30
  log $W sort --n 16777216 --type f32 --variant radix,onesweep --indices --runs 30
done; done
for w in before after; do
  .gpu/wg-$w --internals /tmp/k-$w sort --n 1000000 --type u32 --variant radix,onesweep --runs 1 > /dev/null
  echo "=== sass $w"; python3 scripts/nvidia-sass /tmp/k-$w
done
date -u
} > $out/call10.txt 2>&1
grep -c "SHFL.UP" /tmp/k-after/*.sass /tmp/k-before/*.sass >> $out/call10.txt
