#!/bin/bash
# Forty-first session, call 7: onesweep's look-back window (status words read at once per step)
# with tiles of 5120: 4 (the build of calls 5-6), 8 and 2, alternating twice (W4 W8 W2 W2 W8 W4).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in workgroup wg-w8 wg-w2 wg-w2 wg-w8 workgroup; do
  for t in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "== $w $t $n"; .gpu/$w sort --n $n --type $t --variant onesweep --runs 30 | grep -E '^onesweep ' | cut -c1-60
  done; done
  echo "== $w u32 indices 67108864"; .gpu/$w sort --n 67108864 --type u32 --indices --variant onesweep --runs 30 | grep -E '^onesweep ' | cut -c1-60
done
} > $out/call7.txt 2>&1
