#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2; do
 for mb in 256 1024; do
  for s in 4,0 8,0 16,0 8,1 16,1 32,1; do echo "### scan body $s mb=$mb"; WG_EXP_SCANBODY=$s .gpu/wg-x bandwidth --mb $mb --runs 30 2>&1 | grep -E "scan body|copy kernel"; done
 done
 echo "### single-pass 2^26"; .gpu/wg-b scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 30 2>&1 | grep -E "^single"
done
} > $out/scanbody2.txt
