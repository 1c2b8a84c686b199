#!/bin/bash
# What holds the count at 0.146 ms a pass (timing only, every build with the steps switch, rows
# wrong on purpose): A the kept count, B without its store of the tile's counts, C storing them
# tile-major (coalesced), D without the atomics (a compare that never holds); two rounds.
set -u
for g in .gpu/wg-c*.gz; do gunzip -f $g; chmod +x ${g%.gz}; done
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
.gpu/wg-cA bandwidth --mb 256 --runs 30
for rep in 1 2; do for b in cA cB cC cD; do for n in 16777216 67108864; do
  echo "### $b u32 $n steps=[count]"; WG_EXP_SORT_STEPS=count .gpu/wg-$b sort --n $n --type u32 --variant radix --runs 30 2>&1 | grep -E "^radix"
done; done; done
} > $out/count-diag.txt 2>&1
