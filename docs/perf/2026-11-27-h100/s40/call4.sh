#!/bin/bash
# Fortieth session, call 4: the conversion of the scatter's keys moved to where the ranking first
# needs them (C; call 3 found pass 0's scatter held by its XORs right after the loads), against
# commit 614e08c (A), alternating twice. C's forms by the experiment switch WG_RADIX_FORMS: ""
# (images between passes for the keys-only three-step radix, the type elsewhere), "type" (every
# pass converts), "images" (images for every radix kernel, with indices and onesweep too).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out/k
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for r in 1 2; do for wf in a: c: c:type c:images; do
  w=${wf%%:*}; f=${wf#*:}
  for t in f32 i32 u32; do for n in 16777216 67108864; do
    echo "== r$r $w forms=$f $t $n"; WG_RADIX_FORMS=$f .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
  done; done
  for n in 16777216 67108864; do
    echo "== r$r $w forms=$f f32 indices $n"; WG_RADIX_FORMS=$f .gpu/wg-$w sort --n $n --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
  done
done; done
.gpu/wg-c --internals /tmp/k-i32 sort --n 100000 --type i32 --variant radix --runs 1 > /dev/null
echo "== sass i32 (C)"; python3 scripts/nvidia-sass /tmp/k-i32
for f in /tmp/k-i32/*scatter*.sass; do cp $f $out/k/i32-$(basename $f); done
} > $out/call4.txt 2>&1
tar -C $out -czf $out/call4-k.tgz k && rm -rf $out/k
