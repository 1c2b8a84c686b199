#!/bin/bash
# Where the count by 8 tiles a group starts to pay: the same binary (the count by one tile or by
# 8 per group, chosen by the hidden --count-rows-from) at sizes around the default switch of 8192
# tiles, u32 and f32, alternating twice; then the default at 2^26 and with indices.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/wg-rows2
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do for ty in u32 f32; do for n in 1048576 4194304 8388608 16777216 25165824 33554432 67108864; do
  for from in 1073741824 0; do
    echo "### $ty $n count-rows-from=$from"; $W sort --n $n --type $ty --variant radix --runs 30 --count-rows-from $from 2>&1 | grep -E "^radix|error"
  done
done; done; done
for a in "--n 67108864 --type u32" "--n 67108867 --type f32" "--n 33554432 --type f32 --indices" "--n 16777216 --type f32 --indices" "--n 100000000 --type u32"; do
  echo "### default $a"; $W sort $a --variant radix --runs 30 2>&1 | grep -E "^radix|error"
done
} > $out/rows.txt 2>&1
