#!/bin/bash
# Forty-first session, call 2: K20R (K20 with the ranking counts always in the tile, at most 16
# rows, and no barrier between the group scan and the ranking) against K20 (call 1's), alternating
# twice; then where radix's 8-tile count pays with tiles of 5120 (--count-rows-from 0: always,
# 1000000000: never), two rounds.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in k20r k20 k20 k20r; do
  for t in u32 f32; do for n in 65536 1048576 4194304 16777216 67108864; do
    echo "== $w $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
  done; done
  for n in 1048576 16777216 67108864; do
    echo "== $w f32 indices $n"; .gpu/wg-$w sort --n $n --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
  done
done
for r in 1 2; do for from in 0 1000000000; do for t in u32 f32; do for n in 16777216 25165824 33554432 67108864; do
  echo "== rows-from $from r$r $t $n"; .gpu/wg-k20r sort --n $n --type $t --variant radix --runs 30 --count-rows-from $from | grep -E '^radix ' | cut -c1-60
done; done; done; done
echo "== stats k20r"; .gpu/wg-k20r sort --n 16777216 --type f32 --variant radix,onesweep --runs 1 --stats 2>&1 | grep -E "Register" | cut -c1-80
} > $out/call2.txt 2>&1
