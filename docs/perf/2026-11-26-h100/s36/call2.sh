#!/bin/bash
# Where a radix pass's time goes now (timing only: WG_EXP_SORT_STEPS records only the named
# steps of each pass, so those rows are wrong on purpose): count alone, count + scan, all three.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/wg-steps
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 30
for ty in u32 f32; do for n in 16777216 67108864; do
  for s in count count,scan ""; do
    echo "### $ty $n steps=[$s]"
    WG_EXP_SORT_STEPS=$s $W sort --n $n --type $ty --variant radix --runs 30 2>&1 | grep -E "^radix|error"
  done
done; done
} > $out/steps.txt 2>&1
