#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2; do
 for w in 0 1; do
  for n in 16777216 67108864 268435456; do
   echo "### expw=$w u32 exclusive n=$n"; WG_EXP_W=$w .gpu/wg-f scan --n $n --type u32 --exclusive --variant single-pass --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-64
  done
  echo "### expw=$w f32 2^26"; WG_EXP_W=$w .gpu/wg-f scan --n 67108864 --type f32 --variant single-pass --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-64
  echo "### expw=$w diag1 2^26"; WG_EXP_W=$w .gpu/wg-f scan --n 67108864 --type u32 --exclusive --variant single-pass --diag 1 --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-64
 done
done
} > $out/sp.txt
