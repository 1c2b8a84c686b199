#!/bin/bash
# A/B in one binary: the radix scatter ranking by splits (WG_EXP_MATCH=0) or by matched digits with plain shared counts (1).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do
  for m in 0 1; do
    for ty in u32 f32; do
      for n in 1048576 16777216 67108864; do
        echo "## match=$m rep $rep $ty n=$n"
        WG_EXP_MATCH=$m .gpu/workgroup sort --variant radix --type $ty --n $n --runs 30 | grep '^radix'
      done
    done
    echo "## match=$m rep $rep f32 indices n=16777216"
    WG_EXP_MATCH=$m .gpu/workgroup sort --variant radix --type f32 --n 16777216 --indices --runs 30 | grep '^radix'
  done
done
echo "## match=1 stats"
WG_EXP_MATCH=1 .gpu/workgroup sort --variant radix --type u32 --n 1048576 --runs 2 --stats 2>&1 | grep -i -A3 scatter | head -20
