#!/bin/bash
# Fortieth session, call 3: which kernel of `radix`'s first or last pass costs i32 and f32 keys
# their 4-5% against u32 (call 2: with every pass as u32 they take u32's time). Experiment switch
# WG_RADIX_FORMS (not committed) on call 1's B: "count0" pass 0's count reads as u32, "scatter0"
# pass 0's scatter reads as u32, "scatter3" the last scatter writes as u32 (wrong results, times
# only); alternating twice. Then the machine code of B's i32 kernels (every form).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out/k
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/wg-b
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for r in 1 2; do
  for n in 16777216 67108864; do
    echo "== r$r u32 $n"; $W sort --n $n --type u32 --variant radix --runs 30 | grep -E '^radix ' | cut -c1-60
    for t in i32 f32; do for f in "" count0 scatter0 scatter3 count0,scatter0,scatter3; do
      echo "== r$r forms=$f $t $n"; WG_RADIX_FORMS=$f $W sort --n $n --type $t --variant radix --runs 30 | grep -E '^radix ' | cut -c1-60
    done; done
  done
done
for t in u32 i32 f32; do
  $W --internals /tmp/k-$t sort --n 100000 --type $t --variant radix --runs 1 > /dev/null
  echo "== sass $t"; python3 scripts/nvidia-sass /tmp/k-$t
  for f in /tmp/k-$t/*.sass; do cp $f $out/k/$t-$(basename $f); done
done
} > $out/call3.txt 2>&1
tar -C $out -czf $out/call3-k.tgz k && rm -rf $out/k
