#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2 3; do
 for w in g h; do
  echo "### $w 2^26"; .gpu/wg-$w compact --n 67108864 --type f32 --variant stable --runs 50 2>&1 | grep -E "^stable" | cut -c1-80
  echo "### $w 2^26+3"; .gpu/wg-$w compact --n 67108867 --type f32 --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
 done
done
for w in g h; do
  for pf in 0.001 1; do echo "### $w 2^26 pf=$pf"; .gpu/wg-$w compact --n 67108864 --type f32 --pass-fraction $pf --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80; done
  for n in 33554432 16777216 1048576; do echo "### $w n=$n"; .gpu/wg-$w compact --n $n --type f32 --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80; done
done
echo "### h alternate"; .gpu/wg-h compact --n 67108867 --type f32 --variant stable --alternate-check 8 --runs 3 2>&1 | grep -E "^stable" | cut -c1-80
.gpu/wg-h compact --n 3000017 --type f32 --variant stable --alternate-check 8 --runs 3 2>&1 | grep -E "^stable" | cut -c1-80
} > $out/tailc.txt
