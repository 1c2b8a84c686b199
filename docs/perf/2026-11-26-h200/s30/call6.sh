#!/bin/bash
# Session 30: the single-pass scan's walks publishing the INCLUSIVE of the tiles they crossed (--help-walks), A/B.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
W=.gpu/workgroup-exp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for rep in 1 2; do
  for n in 1048576 16777216 67108864 268435456; do
    for h in false true; do
      echo "## rep=$rep n=$n u32 exclusive help=$h"
      $W scan --n $n --type u32 --exclusive --variant single-pass --runs 30 --help-walks $h | grep -E "^single-pass|rror"
    done
  done
done
for h in false true; do
  echo "## n=2^26 i32 max help=$h"; $W scan --n 67108864 --type i32 --op max --variant single-pass --runs 30 --help-walks $h | grep -E "^single-pass|rror"
  echo "## n=2^26 f32 inclusive (never helps) help=$h"; $W scan --n 67108864 --type f32 --variant single-pass --runs 30 --help-walks $h | grep -E "^single-pass|rror"
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub
