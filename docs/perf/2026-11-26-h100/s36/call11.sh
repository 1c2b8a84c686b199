#!/bin/bash
# Below 8192 tiles the commit (wg-final) measured 0.3-0.7% slower than c9dcf05 (wg-head): is it
# the padded rows? wg-nopad is the commit with rows of exactly the tiles (and the one-tile count
# at every size). Alternating twice.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do for b in head final nopad; do W=.gpu/wg-$b
  for ty in u32 f32; do for n in 1048576 16777216; do
    echo "### $b $ty $n"; $W sort --n $n --type $ty --variant radix --runs 30 2>&1 | grep -E "^radix|error"
  done; done
done; done
} > $out/pad.txt 2>&1
