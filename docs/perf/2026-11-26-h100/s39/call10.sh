#!/bin/bash
# Thirty-ninth session, call 10: whole tiles loaded and written without a check per key (build G)
# against the committed match ranking (E, commit 0c93864), alternating twice.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
for w in e g; do echo "== stats $w"; .gpu/wg-$w sort --n 16777216 --type u32 --variant radix,onesweep --runs 2 --stats | grep -E 'scatter|onesweep:' ; done
for r in 1 2; do for w in e g; do
  for t in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "== $w r$r $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
  done; done
  echo "== $w r$r f32 indices 16777216"; .gpu/wg-$w sort --n 16777216 --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
done; done
} > $out/call10.txt 2>&1
