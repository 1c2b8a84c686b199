#!/bin/bash
# The radix pass's scan as 4 runs of 1024 tiles a chunk (16 loads in flight, coalesced, one
# group scan of a uvec4), with the kept count (wg-scan2) and with the count by sub-histograms
# (wg-new2), against the kept kernels (wg-steps), alternating twice; then each build's steps
# alone (timing only, wrong on purpose) and wg-new2's exactness on awkward sizes and inputs.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do for b in steps scan2 new2; do W=.gpu/wg-$b
  for ty in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "### $b $ty $n"; $W sort --n $n --type $ty --variant radix --runs 30 2>&1 | grep -E "^radix|error"
  done; done
  echo "### $b f32 16777216 --indices"; $W sort --n 16777216 --type f32 --variant radix --indices --runs 30 2>&1 | grep -E "^radix|error"
done; done
for b in steps scan2 new2; do for s in count count,scan; do for n in 16777216 67108864; do
  echo "### $b u32 $n steps=[$s]"; WG_EXP_SORT_STEPS=$s .gpu/wg-$b sort --n $n --type u32 --variant radix --runs 30 2>&1 | grep -E "^radix"
done; done; done
for b in scan2 new2; do W=.gpu/wg-$b
for a in "--n 1000003 --type u32" "--n 67108867 --type f32" "--n 16777216 --type u32 --dist ones" "--n 16777216 --type i32 --dist seq" "--n 16777219 --type f32 --dist normal" "--n 5000011 --type i32 --indices" "--n 12582917 --type u32"; do
  echo "### $b $a"; $W sort $a --variant radix,onesweep --runs 10 2>&1 | grep -E "^radix|^onesweep|error"
done; done
} > $out/ab.txt 2>&1
