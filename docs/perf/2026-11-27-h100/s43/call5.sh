#!/bin/bash
# Forty-third session, call 5: onesweep's look-back with growing windows (a step that summed its
# whole window doubles the next one's, from 8 words up to WG_EXP_MAX_WINDOW; 8: the kept walk),
# in the order 8 32 64 16 16 64 32 8.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 30 | tail -3
for m in 8 32 64 16 16 64 32 8; do
  export WG_EXP_MAX_WINDOW=$m
  for n in 65536 1048576 4194304 16777216 67108864; do
    echo "== onesweep max $m u32 $n"; $W sort --n $n --type u32 --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
  done
  echo "== onesweep max $m f32 indices 16777216"; $W sort --n 16777216 --type f32 --indices --variant onesweep --runs 20 2>&1 | grep -E '^onesweep ' | cut -c1-60
  echo "== onesweep max $m u32 indices 67108864"; $W sort --n 67108864 --type u32 --indices --variant onesweep --runs 20 2>&1 | grep -E '^onesweep ' | cut -c1-60
done
for m in 32 64; do export WG_EXP_MAX_WINDOW=$m; echo "== stats $m"; $W sort --n 1048576 --type u32 --variant onesweep --runs 2 --stats 2>&1 | grep -E "radix_onesweep" | cut -c1-120; done
} > $OUT/call5.txt 2>&1
