#!/bin/bash
# The single-pass scan's knobs on the GPU machine: the layout of each invocation's elements
# (contiguous or striped), elements per invocation, predecessors read per lane and step of the
# walk back, and the walk skipped (diagnosis: what the rest costs); next to CUB's DeviceScan in
# the same call (docs/scan.md). Each run in its own process: a fresh device.
W=.gpu/workgroup
$W bandwidth --mb 256 --runs 30 | grep kernel
for n in 16777216 67108864 268435456; do
  for st in false true; do for sl in 1 2 4; do
    echo "## single-pass striped=$st slices=$sl n=$n"; $W scan --n $n --type u32 --variant single-pass --striped $st --slices $sl --runs 30 | grep -E "^single|rror"
  done
  echo "## single-pass striped=$st per=12 slices=2 n=$n"; $W scan --n $n --type u32 --variant single-pass --striped $st --per 12 --slices 2 --runs 30 | grep -E "^single|rror"
  echo "## single-pass striped=$st diag=1 n=$n"; $W scan --n $n --type u32 --variant single-pass --striped $st --diag 1 --runs 30 | grep -E "^single"
  done
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub | grep InclusiveSum
