#!/bin/bash
# Thirty-third session, call 6: many checks in place, one per process (each the scan of a fresh
# upload after 3 timed runs): wg-final (9a0e9c5) and wg-new (0c84ead, the first form of the fix),
# to see whether call 4's wrong element comes back, and in which.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for i in $(seq 1 25); do
 for w in new final; do
  r=$(.gpu/wg-$w scan --n 16777216 --type u32 --exclusive --variant single-pass --runs 3 --in-place --seed $i 2>&1 | grep -E "^single")
  echo "$w 2^24 seed $i: ${r:60}"
 done
done
for i in $(seq 1 8); do
 for w in new final; do
  r=$(.gpu/wg-$w scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 3 --in-place --seed $i 2>&1 | grep -E "^single")
  echo "$w 2^26 seed $i: ${r:60}"
 done
done
} > $out/call6.txt 2>&1
grep -c "yes" $out/call6.txt; grep -v "yes" $out/call6.txt
