#!/bin/bash
# Forty-sixth session, call 15 (experiment build, `s46-counter-load-first-tried.diff`): the overlap's
# counters issuing the next tile's loads before counting the tile in hand (WG_EXP_COUNT=1: a copy
# of the tile, as the scan's reducer does) instead of counting first (0, the kept code). A
# counter of 512 may take up to 40 registers and still leave room for three scatter groups of 56.
# Registers from --passes, then alternating 0 1 1 0 twice, medians of 50 (30).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
X=.gpu/wg-cnt
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for e in 0 1; do
  echo "## registers count $e"
  WG_EXP_COUNT=$e $X compact --n 67108864 $A --variant stable --runs 3 --passes 2>&1 | grep -iE "rror|count_overlap|passes: stable" | cut -c1-150
done
for k in 1 2; do
  for e in 0 1 1 0; do
    echo "## count $e round $k"
    echo "# 2^26 50%"; WG_EXP_COUNT=$e $X compact --n 67108864 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# 2^24 50%"; WG_EXP_COUNT=$e $X compact --n 16777216 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# 2^26 0.1%"; WG_EXP_COUNT=$e $X compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
    echo "# 2^20 50%"; WG_EXP_COUNT=$e $X compact --n 1048576 $A --pass-fraction 0.5 --variant stable --runs 30 | grep -E "^stable|rror"
  done
done
} > $OUT/call15.txt 2>&1
