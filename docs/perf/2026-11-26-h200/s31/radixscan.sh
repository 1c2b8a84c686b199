#!/bin/bash
# A/B: radix sort with the scan's first-subgroup path (new) against the group path (old).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do
  for b in old new; do
    for n in 65536 262144 393216 1048576 16777216; do
      echo "## $b rep $rep n=$n"
      .gpu/workgroup-$b sort --variant radix --type u32 --n $n --runs 30 | tail -1
    done
  done
done
echo "## validate new"
.gpu/workgroup-new --validate sort --variant radix,onesweep --type f32 --n 300007 --runs 2 | tail -2
