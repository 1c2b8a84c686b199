#!/bin/bash
# Thirty-third session, call 8: the single pass with the walk's second status read only in place
# and no fence in the walk (wg-simple: on GPUs no walk falls back in place, and out of place the
# input is never overwritten) against wg-final (9a0e9c5), alternating; checks in place.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do
 for w in final simple; do
  for n in 16777216 67108864 268435456; do
   for mode in "" "--in-place"; do
    echo "### $w single-pass u32 exclusive $n $mode"; .gpu/wg-$w scan --n $n --type u32 --exclusive --variant single-pass --runs 30 $mode 2>&1 | grep -E "^single" | cut -c1-150
   done
  done
 done
done
for i in $(seq 1 10); do
 r=$(.gpu/wg-simple scan --n 16777216 --type u32 --exclusive --variant single-pass --runs 3 --in-place --seed $i 2>&1 | grep -E "^single"); echo "simple 2^24 in place seed $i: ${r:60}"
 r=$(.gpu/wg-simple scan --n 16777216 --type u32 --exclusive --variant single-pass --runs 3 --stuck-polls 0 --seed $i 2>&1 | grep -E "^single"); echo "simple 2^24 stuck-polls 0 seed $i: ${r:60}"
done
} > $out/call8.txt 2>&1
cat $out/call8.txt
