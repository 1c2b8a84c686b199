#!/bin/bash
# Forty-seventh session, call 2: the overlap's counters touching one word per sector of a tile D
# of their tiles ahead (WG_EXP_TOUCH=D, WG_EXP_TOUCH_STRIDE=S words between touches), against
# the kept build (.gpu/wg-base, commit bbd3492) and this build without touches, alternating.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
W=.gpu/workgroup; B=.gpu/wg-base
run() { echo "# $1 $2"; env $1 $W compact --n $2 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"; }
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
$B compact --n 67108864 $A --variant stable --runs 5 > /dev/null 2>&1 # the first process's slow clocks
echo "## registers"
for e in WG_EXP_TOUCH=0 WG_EXP_TOUCH=4 WG_EXP_TOUCH=8; do echo "# $e"; env $e $W compact --n 67108864 $A --variant stable --runs 5 --passes 2>&1 | grep -iE "rror|count_overlap|passes: stable" | cut -c1-200; done
for k in 1 2; do
  echo "## round $k"
  echo "# base"; $B compact --n 67108864 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
  for e in WG_EXP_TOUCH=0 WG_EXP_TOUCH=4 WG_EXP_TOUCH=5 WG_EXP_TOUCH=6 WG_EXP_TOUCH=8 WG_EXP_TOUCH=12 WG_EXP_TOUCH=16 WG_EXP_TOUCH=24; do run $e 67108864; done
  for s in 16 32; do for d in 6 8 12; do run "WG_EXP_TOUCH=$d WG_EXP_TOUCH_STRIDE=$s" 67108864; done; done
  echo "# base"; $B compact --n 67108864 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
done
echo "## 2^24 and 0.1%"
for e in X=0 WG_EXP_TOUCH=4 WG_EXP_TOUCH=8 WG_EXP_TOUCH=16; do run $e 16777216; done
for e in X=0 WG_EXP_TOUCH=4 WG_EXP_TOUCH=8 WG_EXP_TOUCH=16; do echo "# $e 0.1%"; env $e $W compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"; done
} > $OUT/call2.txt 2>&1
