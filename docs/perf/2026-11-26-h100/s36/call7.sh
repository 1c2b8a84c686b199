#!/bin/bash
# The count storing a group's 8 tiles per digit as two 16-byte vectors (rows padded to a
# multiple of 8 tiles; wg-rows) against commit c9dcf05 (wg-head), alternating twice; then
# wg-rows' exactness on awkward sizes and inputs.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do for b in head rows; do W=.gpu/wg-$b
  for ty in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "### $b $ty $n"; $W sort --n $n --type $ty --variant radix --runs 30 2>&1 | grep -E "^radix|error"
  done; done
  echo "### $b f32 16777216 --indices"; $W sort --n 16777216 --type f32 --variant radix --indices --runs 30 2>&1 | grep -E "^radix|error"
  echo "### $b u32 16777216 --dist ones"; $W sort --n 16777216 --type u32 --dist ones --variant radix --runs 30 2>&1 | grep -E "^radix|error"
done; done
W=.gpu/wg-rows
for a in "--n 1000003 --type u32" "--n 67108867 --type f32" "--n 16777216 --type i32 --dist seq" "--n 16777219 --type f32 --dist normal" "--n 5000011 --type i32 --indices" "--n 12582917 --type u32" "--n 3073 --type f32" "--n 24577 --type u32" "--n 100000000 --type u32"; do
  echo "### rows $a"; $W sort $a --variant radix,onesweep --runs 10 2>&1 | grep -E "^radix|^onesweep|error"
done
} > $out/ab.txt 2>&1
