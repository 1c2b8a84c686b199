#!/bin/bash
# Forty-first session, call 3: K20S (K20R with the barrier between the group scan and the ranking
# back) against K20, alternating twice; then radix's 8-tile count with tiles of 5120 at 2^26 to
# 2^28 keys (--count-rows-from 0: always, 1000000000: never).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in k20s k20 k20 k20s; do
  for t in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "== $w $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
  done; done
  echo "== $w f32 indices 67108864"; .gpu/wg-$w sort --n 67108864 --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
done
for r in 1 2; do for from in 0 1000000000; do for t in u32 f32; do for n in 67108864 134217728; do
  echo "== rows-from $from r$r $t $n"; .gpu/wg-k20s sort --n $n --type $t --variant radix --runs 30 --count-rows-from $from | grep -E '^radix ' | cut -c1-60
done; done; done; done
for from in 0 1000000000; do
  echo "== rows-from $from u32 268435456"; .gpu/wg-k20s sort --n 268435456 --type u32 --variant radix --runs 10 --count-rows-from $from | grep -E '^radix ' | cut -c1-60
done
} > $out/call3.txt 2>&1
