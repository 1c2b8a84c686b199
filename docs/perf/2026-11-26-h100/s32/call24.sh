#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2 3; do
 for w in b m; do
  echo "### $w compact 2^26 50%"; .gpu/wg-$w compact --n 67108864 --type f32 --variant stable --runs 50 2>&1 | grep -E "^stable" | cut -c1-80
  echo "### $w compact 2^26 0.1%"; .gpu/wg-$w compact --n 67108864 --type f32 --pass-fraction 0.001 --variant stable --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
 done
done
echo "### b scan rts"; .gpu/wg-b scan --n 67108864 --type u32 --exclusive --variant reduce-then-scan --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-70
} > $out/h100ab.txt 2>&1
