#!/bin/bash
# Forty-seventh session, call 3: stable-lookback with one tile per workgroup written in halves as
# tile-atomic does, its prefix from a look-back by the whole group (one status word per
# invocation a read) issued before the first half is staged (WG_EXP_HALVES=1; WG_EXP_BY_INDEX=1:
# tiles by workgroup index instead of a ticket), against `stable` (the kept default, .gpu/wg-base
# and this build), `tile-atomic` and the large kernel, alternating twice.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
W=.gpu/workgroup; B=.gpu/wg-base
H="--variant stable-lookback --lookback-one-tile true --lookback-rounds 0"
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
$B compact --n 67108864 $A --variant stable --runs 5 > /dev/null 2>&1 # the first process's slow clocks
echo "## registers and walks (diag 3)"
for e in "X=0" "WG_EXP_HALVES=1" "WG_EXP_HALVES=1 WG_EXP_BY_INDEX=1"; do echo "# $e"; env $e $W compact --n 67108864 $A $H --runs 10 --passes --lookback-diag 3 2>&1 | grep -iE "rror|lookback|passes: stable" | cut -c1-220; done
for k in 1 2; do
  for n in 67108864 16777216 4194304; do
    echo "## round $k n=$n 50%"
    echo "# stable base"; $B compact --n $n $A --variant stable --runs 50 | grep -E "^stable|rror"
    echo "# stable, tile-atomic, large kernel"; $W compact --n $n $A --variant stable,tile-atomic,stable-lookback --runs 50 | grep -E "^stable|^tile|rror"
    for e in "WG_EXP_HALVES=1" "WG_EXP_HALVES=1 WG_EXP_BY_INDEX=1"; do echo "# $e"; env $e $W compact --n $n $A $H --runs 50 2>&1 | grep -E "^stable|rror|gave"; done
    echo "# WG_EXP_HALVES=1 body (diag 1, wrong on purpose) / diag 2"; WG_EXP_HALVES=1 $W compact --n $n $A $H --runs 50 --lookback-diag 1 2>&1 | grep -E "^stable"; WG_EXP_HALVES=1 $W compact --n $n $A $H --runs 50 --lookback-diag 2 2>&1 | grep -E "^stable"
  done
  echo "## round $k 2^26 0.1%"
  $W compact --n 67108864 $A --pass-fraction 0.001 --variant stable,tile-atomic --runs 30 | grep -E "^stable|^tile|rror"
  for e in "WG_EXP_HALVES=1" "WG_EXP_HALVES=1 WG_EXP_BY_INDEX=1"; do echo "# $e"; env $e $W compact --n 67108864 $A $H --pass-fraction 0.001 --runs 30 2>&1 | grep -E "^stable|rror|gave"; done
done
} > $OUT/call3.txt 2>&1
