#!/bin/bash
# The session's commit (81de39c, wg-final: the count by 8 tiles a group from 8192 tiles) against
# commit c9dcf05 (wg-head), alternating twice, by default, at the sizes around the switch.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do for b in head final; do W=.gpu/wg-$b
  for ty in u32 f32; do for n in 1048576 16777216 25165824 67108864; do
    echo "### $b $ty $n"; $W sort --n $n --type $ty --variant radix,onesweep --runs 30 2>&1 | grep -E "^radix|^onesweep|error"
  done; done
  echo "### $b f32 67108864 --indices"; $W sort --n 67108864 --type f32 --variant radix --indices --runs 30 2>&1 | grep -E "^radix|error"
done; done
} > $out/final.txt 2>&1
