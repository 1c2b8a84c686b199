#!/bin/bash
# Thirty-ninth session, call 12: why `radix` takes 8-9% longer on i32 and f32 keys than on u32 at
# 2^26 (onesweep does not): the machine code of the count and scatter for each type.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out/k
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
for t in u32 i32 f32; do
  .gpu/workgroup --internals /tmp/k-$t sort --n 100000 --type $t --variant radix,onesweep --runs 1 > /dev/null
  echo "== $t"; python3 scripts/nvidia-sass /tmp/k-$t
  for f in /tmp/k-$t/*.sass; do cp $f $out/k/$t-$(basename $f); done
done
for t in u32 i32 f32; do .gpu/workgroup sort --n 67108864 --type $t --variant radix --runs 30 --count-rows-from 1000000000 | grep -E '^radix'; done
} > $out/call12.txt 2>&1
tar -C $out -czf $out/call12-k.tgz k && rm -rf $out/k
