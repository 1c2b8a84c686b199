#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2; do
 for e in 0 1 2 3; do
   echo "### pass3 only, exp=$e"; WG_EXP_SKIP=4 WG_EXP_RTS=$e .gpu/wg-e scan --n 67108864 --type u32 --exclusive --variant reduce-then-scan --runs 30 2>&1 | grep -E "^(reduce)" | cut -c1-60
 done
 echo "### scan body exp 16,1"; WG_EXP_SCANBODY=16,1 .gpu/wg-x bandwidth --mb 256 --runs 30 | grep -E "kernel|scan body"
done
} > $out/p3.txt
