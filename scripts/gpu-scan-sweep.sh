#!/bin/bash
# The single-pass scan's knobs on the GPU machine: elements per invocation (the tile), tiles by
# ticket or by group index (as CUB), patience before reducing a stuck predecessor here; next to
# reduce-then-scan and CUB's DeviceScan in the same call (docs/scan.md). Each run in its own
# process: a fresh device.
W=.gpu/workgroup
for n in 1048576 16777216 67108864 268435456; do
  echo "## reduce-then-scan n=$n"; $W scan --n $n --type u32 --variant reduce-then-scan --runs 30 | grep -E "^reduce"
  for per in 8 12 16; do for tk in true false; do
    echo "## single-pass per=$per ticket=$tk n=$n"; $W scan --n $n --type u32 --variant single-pass --per $per --ticket $tk --runs 30 | grep -E "^single|rror"
  done; done
  echo "## single-pass ticket=false stuck-polls=1024 n=$n"; $W scan --n $n --type u32 --variant single-pass --ticket false --stuck-polls 1024 --runs 30 | grep -E "^single|rror"
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub | grep InclusiveSum
