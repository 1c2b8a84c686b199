#!/bin/bash
# Session 30: stable's overlap on the H100 (counter groups, the scatter's two forms) next to CUB.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
W=.gpu/workgroup
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for rep in 1 2; do
  for g in 100 120 132 150 176 220; do
    for h in false true; do
      echo "## rep=$rep 2^26 counters=$g halves=$h"
      $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30 --stable-overlap $g --stable-overlap-halves $h | grep -E "^stable|rror"
    done
  done
done
for g in 100 132 176; do echo "## 2^24 counters=$g"; $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30 --stable-overlap $g | grep -E "^stable|rror"; done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26 && /tmp/compact_cub 24
