#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2; do
 for sk in 0 1 2 3 4; do
  for n in 67108864 268435456; do
   echo "### skip=$sk n=$n"; WG_EXP_SKIP=$sk .gpu/wg-d scan --n $n --type u32 --exclusive --variant reduce-then-scan --runs 30 2>&1 | grep -E "^(reduce)" | cut -c1-60
  done
 done
 echo "### scan body exp"; .gpu/wg-d bandwidth --mb 256 --runs 30 | grep kernel
done
} > $out/skip.txt
