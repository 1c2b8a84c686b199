#!/bin/bash
# Fortieth session, call 6: the count by 8 tiles a group loading its next tile's keys before
# counting this one's (D, `radix-count-prefetch-tried.diff` if not kept) against commit b7c23dd
# (C), alternating twice, at the sizes where the 8-tile count runs (from 8192 tiles).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in c d; do echo "== stats $w"; .gpu/wg-$w sort --n 67108864 --type u32 --variant radix --runs 2 --stats | grep -i -A3 count | head -20; done
for r in 1 2; do for w in c d; do
  for t in u32 f32; do for n in 25165824 33554432 67108864; do
    echo "== $w r$r $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix --runs 30 | grep -E '^radix ' | cut -c1-60
  done; done
  echo "== $w r$r u32 134217728"; .gpu/wg-$w sort --n 134217728 --type u32 --variant radix --runs 20 | grep -E '^radix ' | cut -c1-60
  echo "== $w r$r f32 indices 67108864"; .gpu/wg-$w sort --n 67108864 --type f32 --indices --variant radix --runs 30 | grep -E '^radix ' | cut -c1-60
done; done
} > $out/call6.txt 2>&1
