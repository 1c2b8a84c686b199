#!/bin/bash
# Fortieth session, call 8: onesweep reading its look-back's first window before ranking the
# tile (E: the reads in flight during the ranking, summed after) against commit b7c23dd (C),
# alternating twice.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in c e; do echo "== stats $w"; .gpu/wg-$w sort --n 16777216 --type u32 --variant onesweep --runs 2 --stats | grep -i "onesweep" | head -5; done
for r in 1 2; do for w in c e; do
  for t in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "== $w r$r $t $n"; .gpu/wg-$w sort --n $n --type $t --variant onesweep --runs 30 | grep -E '^onesweep ' | cut -c1-60
  done; done
  for n in 16777216 67108864; do
    echo "== $w r$r f32 indices $n"; .gpu/wg-$w sort --n $n --type f32 --indices --variant onesweep --runs 30 | grep -E '^onesweep ' | cut -c1-60
  done
done; done
} > $out/call8.txt 2>&1
