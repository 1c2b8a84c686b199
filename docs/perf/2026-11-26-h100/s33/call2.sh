#!/bin/bash
# Thirty-third session, call 2: the single pass in place (hidden --in-place) against out of
# place, with the writer's fence in every invocation after the barrier (wg-new, 0c84ead) or in the
# publishing lane only, right after its INCLUSIVE (wg-alt, the same with that change), alternating;
# reduce-then-scan in place and out of place once.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do
 for w in new alt; do
  W=.gpu/wg-$w
  for n in 16777216 67108864 268435456; do
   for mode in "" "--in-place"; do
    echo "### $w single-pass u32 exclusive $n $mode"; $W scan --n $n --type u32 --exclusive --variant single-pass --runs 30 $mode 2>&1 | grep -E "^single" | cut -c1-90
   done
  done
 done
done
for mode in "" "--in-place"; do
 echo "### new reduce-then-scan u32 exclusive 2^26 $mode"; .gpu/wg-new scan --n 67108864 --type u32 --exclusive --variant reduce-then-scan --runs 30 $mode 2>&1 | grep -E "^reduce" | cut -c1-90
done
} > $out/call2.txt 2>&1
