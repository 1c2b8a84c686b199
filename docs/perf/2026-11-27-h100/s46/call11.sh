#!/bin/bash
# Forty-sixth session, call 11 (the build of call 9): the overlap with its scatter in 48 registers
# (WG_EXP_ONESHOT=1) over more numbers of counter groups, against the kept scatter (0) at its
# default (132, one per multiprocessor); two rounds, medians of 30.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
X=.gpu/wg-oneshot
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for k in 1 2; do
  echo "## oneshot 0 counters 132 round $k"
  for f in 0.5 0.001; do echo "# 2^26 $f"; WG_EXP_ONESHOT=0 $X compact --n 67108864 $A --pass-fraction $f --variant stable --runs 30 | grep -E "^stable|rror"; done
  echo "# 2^24 0.5"; WG_EXP_ONESHOT=0 $X compact --n 16777216 $A --pass-fraction 0.5 --variant stable --runs 30 | grep -E "^stable|rror"
  for c in 140 150 155 165 170 180; do
    echo "## oneshot 1 counters $c round $k"
    for f in 0.5 0.001; do echo "# 2^26 $f"; WG_EXP_ONESHOT=1 $X compact --n 67108864 $A --pass-fraction $f --variant stable --stable-overlap $c --runs 30 | grep -E "^stable|rror"; done
    echo "# 2^24 0.5"; WG_EXP_ONESHOT=1 $X compact --n 16777216 $A --pass-fraction 0.5 --variant stable --stable-overlap $c --runs 30 | grep -E "^stable|rror"
  done
done
} > $OUT/call11.txt 2>&1
