#!/bin/bash
# Forty-fifth session, call 1: `tile-atomic` (one group per tile of 4096, one global atomicAdd a
# tile, written in halves) against `subgroup-ballot` and `stable`, with CUB's select and the
# read-all-write-half floor in the same call; `stable` of this build (its scatter's halves moved
# to glsl/include/staged_halves.glsl) against the kept build (wg-base), alternating twice.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
{
nvidia-smi --query-gpu=name,driver_version --format=csv
.gpu/workgroup bandwidth --mb 256 --runs 30 | tail -4
echo "## registers (new build)"
.gpu/workgroup compact --n 67108864 $A --variant tile-atomic,stable --runs 5 --passes 2>&1 | grep -iE "rror|regist|tile_atomic|scatter" | cut -c1-240 | head -20
echo "## registers (base)"
.gpu/wg-base compact --n 67108864 $A --variant stable --runs 5 --passes 2>&1 | grep -iE "rror|regist|scatter" | cut -c1-240 | head -12
for k in 1 2; do
  for W in .gpu/wg-base .gpu/workgroup; do
    if [ $W = .gpu/wg-base ]; then V=stable,subgroup-ballot; else V=tile-atomic,stable,subgroup-ballot; fi
    echo "## $W round $k"
    for n in 67108864 67108863 16777216 1048576; do
      echo "# n=$n 50%"; $W compact --n $n $A --pass-fraction 0.5 --variant $V --runs 50 | grep -E "^(stable|subgroup|tile)|rror"
    done
    echo "# 2^26 0.1%"; $W compact --n 67108864 $A --pass-fraction 0.001 --variant $V --runs 30 | grep -E "^(stable|subgroup|tile)|rror"
    echo "# 2^26 90%"; $W compact --n 67108864 $A --pass-fraction 0.9 --variant $V --runs 30 | grep -E "^(stable|subgroup|tile)|rror"
    echo "# 2^28 50%"; $W compact --n 268435456 $A --pass-fraction 0.5 --variant $V --runs 20 | grep -E "^(stable|subgroup|tile)|rror"
  done
done
echo "## CUB and the floor"
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26 && /tmp/compact_cub 24
} > $OUT/call1.txt 2>&1
