#!/bin/bash
# Forty-first session, call 4: what made K20R and K20S 1-2% slower than K20 in radix (calls 2-3).
# K20U: K20 with only the ranking rows capped at 16 (as K20R); K20T: K20S with K20's store of
# each digit's start into scan_sums before the ranking's last barriers back (read by nothing on
# NVIDIA). Alternating twice: K20, K20T, K20U, K20U, K20T, K20.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in k20 k20t k20u k20u k20t k20; do
  for t in u32 f32; do for n in 16777216 67108864; do
    echo "== $w $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
  done; done
done
for w in k20 k20t k20u; do echo "== stats $w"; .gpu/wg-$w sort --n 16777216 --type f32 --variant radix,onesweep --runs 1 --stats 2>&1 | grep -E "Register" | cut -c1-200; done
} > $out/call4.txt 2>&1
mkdir -p $out/k
for w in k20 k20t k20u; do
  .gpu/wg-$w --internals /tmp/k-$w sort --n 100000 --type f32 --variant radix --runs 1 > /dev/null 2>&1
  python3 scripts/nvidia-sass /tmp/k-$w > /dev/null 2>&1
  for f in /tmp/k-$w/*scatter*.sass; do cp $f $out/k/$w-$(basename $f); done
done
tar -C $out -czf $out/call4-k.tgz k && rm -rf $out/k
