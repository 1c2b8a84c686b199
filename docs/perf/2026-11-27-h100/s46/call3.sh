#!/bin/bash
# Forty-sixth session, call 3 (experiment build, `s46-call3-tried.diff`): where the overlap's
# scatter reads its prefix words (WG_EXP_SHAPE 0: after the rank, the build of call 2; 4: after
# the first half is staged), against the kept build (wg-base, with the loads); and the scan's
# `overlap` reading its words after the rounds' scans (WG_EXP_SCAN=1) instead of with the loads
# (0, the kept code). Alternating, medians of 50 (30).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
X=.gpu/wg-exp
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for k in 1 2; do
  for c in base 0 4 4 0 base; do
    if [ $c = base ]; then W=.gpu/wg-base; S=0; else W=$X; S=$c; fi
    echo "## compact $c round $k"
    echo "# 2^26 50%"; WG_EXP_SHAPE=$S $W compact --n 67108864 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# 2^24 50%"; WG_EXP_SHAPE=$S $W compact --n 16777216 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# 2^26 0.1%"; WG_EXP_SHAPE=$S $W compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
  done
  for s in 0 1 1 0; do
    echo "## scan $s round $k"
    for n in 268435456 67108864 16777216 1048576; do
      echo "# sum n=$n"; WG_EXP_SCAN=$s $X scan --n $n --type u32 --exclusive --variant overlap --runs 30 | grep -E "^overlap|rror"
    done
    echo "# max n=4194304"; WG_EXP_SCAN=$s $X scan --n 4194304 --type u32 --op max --variant overlap --runs 30 | grep -E "^overlap|rror"
  done
done
echo "## registers (--internals)"
for s in 0 1; do
  mkdir -p /tmp/int$s; WG_EXP_SCAN=$s $X --internals /tmp/int$s scan --n 67108864 --type u32 --exclusive --variant overlap --runs 3 >/dev/null 2>&1
  echo "# scan shape $s"; grep -i -H "register count" /tmp/int$s/*.stats.txt | cut -c1-160
done
} > $OUT/call3.txt 2>&1
