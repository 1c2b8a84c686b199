#!/bin/bash
# The single-pass scan's knobs on the GPU machine: invocations per workgroup and elements per
# invocation (the tile), the patience before reducing a stuck predecessor, and the walk skipped
# (diagnosis: what the rest costs); next to reduce-then-scan and CUB's DeviceScan in the same call
# (docs/scan.md). Each run in its own process: a fresh device.
W=.gpu/workgroup
$W bandwidth --mb 256 --runs 30 | grep kernel
for n in 16777216 67108864 268435456; do
  echo "## reduce-then-scan n=$n"; $W scan --n $n --type u32 --variant reduce-then-scan --runs 30 | grep -E "^reduce"
  for lp in 128:8 128:16 256:8 256:4 512:4 512:8 1024:4; do
    l=${lp%:*}; per=${lp#*:}
    echo "## single-pass local=$l per=$per n=$n"; $W scan --n $n --type u32 --variant single-pass --local $l --per $per --runs 30 | grep -E "^single|rror"
  done
  for sp in 16 256; do
    echo "## single-pass stuck-polls=$sp n=$n"; $W scan --n $n --type u32 --variant single-pass --stuck-polls $sp --runs 30 | grep -E "^single|rror"
  done
  echo "## single-pass f32 n=$n"; $W scan --n $n --type f32 --variant single-pass --runs 30 | grep -E "^single|rror"
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub | grep InclusiveSum
