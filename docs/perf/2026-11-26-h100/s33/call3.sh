#!/bin/bash
# Thirty-third session, call 3: what the single pass's 20% in place (call 2) is. In place,
# alternating: wg-new (0c84ead: every invocation fences after the barrier that follows the
# INCLUSIVE), wg-nofence (no writer fence: wrong in principle, timing only) and wg-aggfence (the
# publishing lane fences right after each AGGREGATE, a tile's iteration before the outputs);
# each out of place once.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do
 for w in new nofence aggfence; do
  for n in 16777216 67108864 268435456; do
   echo "### $w single-pass u32 exclusive $n --in-place"; .gpu/wg-$w scan --n $n --type u32 --exclusive --variant single-pass --runs 30 --in-place 2>&1 | grep -E "^single" | cut -c1-90
  done
 done
done
for w in new nofence aggfence; do
 echo "### $w single-pass u32 exclusive 2^26"; .gpu/wg-$w scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 30 2>&1 | grep -E "^single" | cut -c1-90
done
} > $out/call3.txt 2>&1
