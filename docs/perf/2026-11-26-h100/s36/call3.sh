#!/bin/bash
# The radix pass's count with a sub-histogram per subgroup (loads before the zeroing) and its
# scan with 16 tiles per invocation (wg-new) against the kept kernels (wg-steps = e429bf8 plus
# the WG_EXP_SORT_STEPS timing switch, which both builds have), alternating twice; then wg-new's
# steps alone (timing only, wrong on purpose) and its exactness on awkward sizes and inputs.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do for b in steps new; do W=.gpu/wg-$b
  for ty in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "### $b $ty $n"; $W sort --n $n --type $ty --variant radix --runs 30 2>&1 | grep -E "^radix|error"
  done; done
  echo "### $b f32 16777216 --indices"; $W sort --n 16777216 --type f32 --variant radix,onesweep --indices --runs 30 2>&1 | grep -E "^radix|^onesweep|error"
done; done
for s in count count,scan; do for n in 16777216 67108864; do
  echo "### new u32 $n steps=[$s]"; WG_EXP_SORT_STEPS=$s .gpu/wg-new sort --n $n --type u32 --variant radix --runs 30 2>&1 | grep -E "^radix"
done; done
W=.gpu/wg-new
for a in "--n 1000003 --type u32" "--n 67108867 --type f32" "--n 16777216 --type u32 --dist ones" "--n 16777216 --type i32 --dist seq" "--n 16777219 --type f32 --dist normal" "--n 5000011 --type i32 --indices"; do
  echo "### new $a"; $W sort $a --variant radix,onesweep --runs 10 2>&1 | grep -E "^radix|^onesweep|error"
done
} > $out/ab.txt 2>&1
