#!/bin/bash
# Forty-second session, call 10: onesweep loading the keys of the tile its ticket most likely
# gives (gl_WorkGroupID) while the ticket is drawn (.gpu/workgroup, G) against commit 935cefd
# (.gpu/wg-base, A), alternating twice (A G G A); registers of both.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in A G G A; do
  W=.gpu/workgroup; [ $w = A ] && W=.gpu/wg-base
  for t in u32 f32; do for n in 65536 1048576 16777216 67108864; do
    echo "== $w $t $n"; $W sort --n $n --type $t --variant onesweep --runs 30 | grep -E '^onesweep |error' | cut -c1-60
  done; done
  for t in u32 f32; do
    echo "== $w $t indices 67108864"; $W sort --n 67108864 --type $t --indices --variant onesweep --runs 30 | grep -E '^onesweep |error' | cut -c1-60
  done
done
for w in A G; do
  W=.gpu/workgroup; [ $w = A ] && W=.gpu/wg-base
  echo "== stats $w"; $W sort --n 16777216 --variant onesweep --runs 1 --stats 2>&1 | grep -iE "register" | cut -c1-80
  echo "== stats $w indices"; $W sort --n 16777216 --variant onesweep --indices --runs 1 --stats 2>&1 | grep -iE "register" | cut -c1-80
done
} > $out/call10.txt 2>&1
