#!/bin/bash
# The session's build (the count by 8 tiles a group from 2048 tiles, wg-rows2) against commit
# c9dcf05 (wg-head), alternating twice, by default; then its exactness on awkward inputs.
set -u
for g in .gpu/wg-*.gz; do [ -e "$g" ] && gunzip -f $g && chmod +x ${g%.gz}; done
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do for b in head rows2; do W=.gpu/wg-$b
  for ty in u32 f32; do for n in 1048576 4194304 8388608 16777216 67108864; do
    echo "### $b $ty $n"; $W sort --n $n --type $ty --variant radix --runs 30 2>&1 | grep -E "^radix|error"
  done; done
  echo "### $b f32 16777216 --indices"; $W sort --n 16777216 --type f32 --variant radix --indices --runs 30 2>&1 | grep -E "^radix|error"
done; done
W=.gpu/wg-rows2
for a in "--n 6291457 --type u32" "--n 6297601 --type i32 --dist seq" "--n 67108867 --type f32" "--n 16777219 --type f32 --dist normal" "--n 8388608 --type u32 --dist ones" "--n 12582917 --type i32 --indices" "--n 100000000 --type u32"; do
  echo "### rows2 $a"; $W sort $a --variant radix,onesweep --runs 10 2>&1 | grep -E "^radix|^onesweep|error"
done
} > $out/final.txt 2>&1
