#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2 3 4; do
 for v in 0 1 2 3; do
   echo "### v=$v 2^26"; WG_EXP_V=$v .gpu/wg-g compact --n 67108864 --type f32 --variant stable --runs 50 2>&1 | grep -E "^stable" | cut -c1-80
 done
done
for v in 0 1 2; do
  for pf in 0.001 1; do echo "### v=$v 2^26 pf=$pf"; WG_EXP_V=$v .gpu/wg-g compact --n 67108864 --type f32 --pass-fraction $pf --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80; done
  echo "### v=$v 2^25"; WG_EXP_V=$v .gpu/wg-g compact --n 33554432 --type f32 --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
done
} > $out/cv2.txt
