#!/bin/bash
# Rows padded only from 8192 tiles (ROWS_FROM, wg-final2) against c9dcf05 (wg-head), alternating
# twice, around the switch; then wg-final2's exactness on awkward inputs.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do for b in head final2; do W=.gpu/wg-$b
  for ty in u32 f32; do for n in 1048576 16777216 25165824 67108864; do
    echo "### $b $ty $n"; $W sort --n $n --type $ty --variant radix --runs 30 2>&1 | grep -E "^radix|error"
  done; done
  echo "### $b f32 16777216 --indices"; $W sort --n 16777216 --type f32 --variant radix --indices --runs 30 2>&1 | grep -E "^radix|error"
done; done
W=.gpu/wg-final2
for a in "--n 1000003 --type u32" "--n 25165827 --type i32" "--n 67108867 --type f32" "--n 16777219 --type f32 --dist normal" "--n 33554432 --type u32 --dist ones" "--n 30000001 --type i32 --indices" "--n 100000000 --type u32"; do
  echo "### final2 $a"; $W sort $a --variant radix,onesweep --runs 10 2>&1 | grep -E "^radix|^onesweep|error"
done
} > $out/final2.txt 2>&1
