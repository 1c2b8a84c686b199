#!/bin/bash
# Call 7: the radix sort's subgroup scans by shuffles up (wg-after) against subgroupExclusiveAdd
# (wg-before, commit 81423b2), alternating twice; then the machine code of both.
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
} > $out/call7.txt 2>&1
grep -c "SHFL.UP" /tmp/k-after/*.sass /tmp/k-before/*.sass >> $out/call7.txt
