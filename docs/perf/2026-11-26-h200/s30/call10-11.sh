#!/bin/bash
# Session 30: stable's overlap scatter in halves or by subgroups past 2^25 elements, on the H200 (A/B, three reps).
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
W=.gpu/workgroup
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for rep in 1 2 3; do
  for nf in "67108864 0.5" "50331648 0.5" "67108864 0.001" "67108864 1"; do set -- $nf
    for h in false true; do
      echo "## rep=$rep n=$1 pass=$2 halves=$h"
      $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs 30 --stable-overlap-halves $h | grep -E "^stable|rror"
    done
  done
done
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26
