#!/bin/bash
# Forty-first session, call 8: onesweep's look-back window of 8 (call 7's fastest), 12 and 16,
# alternating twice (W8 W12 W16 W16 W12 W8), with their registers.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in w8 w12 w16 w16 w12 w8; do
  for t in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "== $w $t $n"; .gpu/wg-$w sort --n $n --type $t --variant onesweep --runs 30 | grep -E '^onesweep ' | cut -c1-60
  done; done
  echo "== $w u32 indices 67108864"; .gpu/wg-$w sort --n 67108864 --type u32 --indices --variant onesweep --runs 30 | grep -E '^onesweep ' | cut -c1-60
done
for w in w8 w12 w16; do echo "== stats $w"; .gpu/wg-$w sort --n 1048576 --type u32 --variant onesweep --runs 1 --stats 2>&1 | grep -E "radix_onesweep" | cut -c1-120; done
} > $out/call8.txt 2>&1
