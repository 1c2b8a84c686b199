#!/bin/bash
# Thirty-ninth session, call 9: the kept build (E: the match ranking with its counts in the tile's
# shared memory where they fit, bindings renumbered) against commit 176ebc7 (A), alternating twice,
# then CUB's SortKeys / SortPairs in the same call.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for w in a e; do echo "== stats $w"; .gpu/wg-$w sort --n 16777216 --type u32 --variant radix,onesweep --runs 2 --stats | grep -E 'scatter|onesweep:' ; done
for r in 1 2; do for w in a e; do
  for t in u32 f32; do for n in 65536 1048576 16777216 67108864; do
    echo "== $w r$r $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
  done; done
  for n in 16777216 67108864; do echo "== $w r$r f32 indices $n"; .gpu/wg-$w sort --n $n --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '; done
  echo "== $w r$r u32 ones 67108864"; .gpu/wg-$w sort --n 67108864 --type u32 --dist ones --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
  echo "== $w r$r f32 normal 67108867"; .gpu/wg-$w sort --n 67108867 --type f32 --dist normal --variant radix,onesweep --runs 10 | grep -E '^(radix|onesweep) '
done; done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/sort_cub scripts/peers/sort_cub.cu && /tmp/sort_cub
} > $out/call9.txt 2>&1
