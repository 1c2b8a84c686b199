#!/bin/bash
# Thirty-third session, call 5: the final form (wg-final: on GPUs in place the walks only wait and
# nobody fences; on CPU devices the publishing lane fences after its INCLUSIVE) against wg-new
# (0c84ead, which gave one wrong element in place in call 4): checks in place, one per process,
# then the final form's times in place and out of place.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for w in new final; do
 for n in 16777216 16777216 16777216 16777216 16777216 16777216 67108864 67108864; do
  echo "### $w single-pass u32 exclusive $n --in-place check"; .gpu/wg-$w scan --n $n --type u32 --exclusive --variant single-pass --runs 5 --in-place 2>&1 | grep -E "^single" | cut -c1-150
 done
done
for rep in 1 2; do
 for n in 16777216 67108864 268435456; do
  for mode in "" "--in-place"; do
   echo "### final single-pass u32 exclusive $n $mode"; .gpu/wg-final scan --n $n --type u32 --exclusive --variant single-pass --runs 30 $mode 2>&1 | grep -E "^single" | cut -c1-150
  done
 done
done
echo "### final --stuck-polls 0 in place 2^26"; .gpu/wg-final scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 10 --stuck-polls 0 --in-place 2>&1 | grep -E "^single|rror" | cut -c1-150
} > $out/call5.txt 2>&1
