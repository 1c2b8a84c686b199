#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2; do
 for w in c; do
  for n in 1048576 16777216 67108864 268435456; do
   echo "### $w u32 exclusive n=$n"; .gpu/wg-$w scan --n $n --type u32 --exclusive --variant reduce-then-scan,single-pass --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-64
  done
  echo "### $w f32 inclusive 2^26"; .gpu/wg-$w scan --n 67108864 --type f32 --variant reduce-then-scan,single-pass --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-90
  echo "### $w i32 max 2^26"; .gpu/wg-$w scan --n 67108864 --type i32 --op max --variant reduce-then-scan,single-pass --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-64
 done
done
echo "### c 3 x 2^24 + 5 u32"; .gpu/wg-c scan --n 50331653 --type u32 --exclusive --variant reduce-then-scan,single-pass --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-64
echo "### c 2^26 + 3 f32 exclusive"; .gpu/wg-c scan --n 67108867 --type f32 --exclusive --variant reduce-then-scan,single-pass --runs 30 2>&1 | grep -E "^(reduce|single)" | cut -c1-90
.gpu/wg-c bandwidth --mb 256 --runs 30 | grep kernel
} > $out/rts2.txt
