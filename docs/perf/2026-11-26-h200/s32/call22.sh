#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2; do
 for r in 0 1 2 3; do
  echo "### r=$r u32 67107840"; WG_EXP_R=$r .gpu/wg-r sort --n 67107840 --type u32 --variant radix --runs 20 2>&1 | grep -E "^radix" | cut -c1-70
  echo "### r=$r f32 16773120"; WG_EXP_R=$r .gpu/wg-r sort --n 16773120 --type f32 --variant radix --runs 20 2>&1 | grep -E "^radix" | cut -c1-70
 done
done
} > $out/radix.txt
