#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2; do
 for v in 0 1 2 3; do
  for n in 67108864 16777216; do
   echo "### v=$v n=$n"; WG_EXP_V=$v .gpu/wg-g compact --n $n --type f32 --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
  done
 done
done
} > $out/cv.txt
