#!/bin/bash
# Forty-sixth session, call 10 (the build of call 9): why the overlap's scatter in 48 registers
# (WG_EXP_ONESHOT=1) is slower. Each pass alone (--passes: count and scatter behind a barrier),
# and the overlap with other numbers of counter groups, for oneshot 0 (kept, 56 registers) and 1.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
X=.gpu/wg-oneshot
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for k in 1 2; do
  for o in 0 1 1 0; do
    echo "## oneshot $o round $k"
    for f in 0.5 0.001; do
      echo "# passes 2^26 $f"; WG_EXP_ONESHOT=$o $X compact --n 67108864 $A --pass-fraction $f --variant stable --runs 30 --passes 2>&1 | grep -E "^passes: stable|rror"
    done
    for c in 100 132 160 198; do
      echo "# counters $c 2^26 0.5"; WG_EXP_ONESHOT=$o $X compact --n 67108864 $A --pass-fraction 0.5 --variant stable --stable-overlap $c --runs 30 | grep -E "^stable|rror"
    done
  done
done
} > $OUT/call10.txt 2>&1
