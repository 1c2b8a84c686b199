#!/bin/bash
# Forty-sixth session, call 1: the overlap's scatter in leaner shapes (WG_EXP_SHAPE, an
# experiment build, `s46-shape-tried.diff`): 1 = its prefix words read after the tile is ranked
# (not with the tile's loads); 2 = its fallback (a wait that gives up counts tiles itself)
# loading one uvec4 per iteration instead of 8 at once; 3 = both. Registers from --passes, then
# `stable` at 2^26 / 2^24 / 0.1% in shapes 0 1 2 3 3 2 1 0. Then the counted study of the kept
# build (HEAD 4a2475a; the experiment binary with no WG_EXP_SHAPE is that build).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for s in 0 1 2 3; do
  echo "## registers, shape $s"
  WG_EXP_SHAPE=$s $W compact --n 67108864 $A --variant stable --runs 5 --passes 2>&1 | grep -iE "rror|regist|scatter|count" | cut -c1-200 | head -8
done
for s in 0 1 2 3 3 2 1 0; do
  echo "## shape $s"
  echo "# 2^26 50%"; WG_EXP_SHAPE=$s $W compact --n 67108864 $A --pass-fraction 0.5 --variant stable,stable --runs 50 | grep -E "^stable|rror"
  echo "# 2^24 50%"; WG_EXP_SHAPE=$s $W compact --n 16777216 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
  echo "# 2^26 0.1%"; WG_EXP_SHAPE=$s $W compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
done
echo "## tile-atomic, same call"
$W compact --n 67108864 $A --pass-fraction 0.5 --variant stable,tile-atomic --runs 50 | grep -E "^(stable|tile)|rror"
} > $OUT/call1.txt 2>&1
mkdir -p $OUT/counted
$W study --ops counted --out $OUT/counted > $OUT/counted/log.txt 2>&1
