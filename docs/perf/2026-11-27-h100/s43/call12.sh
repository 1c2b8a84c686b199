#!/bin/bash
# Forty-third session, call 12 (asked for an H200): onesweep's counts from its ranking (the kept
# build, commit 6316fd3's binary) against commit 557c26b (.gpu/wg-base), B K K B, on whichever GPU
# comes (device.txt says which).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt
{
for m in B K K B; do
  W=.gpu/workgroup; [ $m = B ] && W=.gpu/wg-base
  for ty in u32 f32 i32; do for n in 65536 1048576 4194304; do
    echo "== onesweep $m $ty $n"; $W sort --n $n --type $ty --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
  done; done
  echo "== onesweep $m u32 67108864"; $W sort --n 67108864 --type u32 --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
done
} > $OUT/call12-ab.txt 2>&1
