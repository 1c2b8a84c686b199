#!/bin/bash
# Forty-sixth session, call 9 (experiment build, `s46-oneshot-tried.diff`): a tile whose kept values
# fit the stage written in one go (stage both halves, one barrier, one write) instead of in two
# halves, in `tile-atomic` and in the overlap's scatter: WG_EXP_ONESHOT=0 off (the kept code),
# 1 with the stage as it is (half a tile: 2048 words), 257 with 256 words more. Registers from
# --passes, then alternating 0 1 257 257 1 0, medians of 50 (30).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
X=.gpu/wg-oneshot
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for o in 0 1 257; do
  echo "## registers oneshot $o"
  WG_EXP_ONESHOT=$o $X compact --n 67108864 $A --variant tile-atomic,stable --runs 3 --passes 2>&1 | grep -iE "rror|tile_atomic|scatter_overlap" | cut -c1-170
done
for k in 1 2; do
  for o in 0 1 257 257 1 0; do
    echo "## oneshot $o round $k"
    echo "# 2^26 50%"; WG_EXP_ONESHOT=$o $X compact --n 67108864 $A --pass-fraction 0.5 --variant stable,tile-atomic --runs 50 | grep -E "^(stable|tile)|rror"
    echo "# 2^24 50%"; WG_EXP_ONESHOT=$o $X compact --n 16777216 $A --pass-fraction 0.5 --variant stable,tile-atomic --runs 50 | grep -E "^(stable|tile)|rror"
    echo "# 2^26 0.1%"; WG_EXP_ONESHOT=$o $X compact --n 67108864 $A --pass-fraction 0.001 --variant stable,tile-atomic --runs 30 | grep -E "^(stable|tile)|rror"
    echo "# 2^26 90%"; WG_EXP_ONESHOT=$o $X compact --n 67108864 $A --pass-fraction 0.9 --variant stable,tile-atomic --runs 30 | grep -E "^(stable|tile)|rror"
  done
done
} > $OUT/call9.txt 2>&1
