#!/bin/bash
# Forty-seventh session, call 4: the overlap's counters publishing by subgroups with no barrier
# (WG_EXP_SGPUB=1: each subgroup adds its part to the tile word; the last adder, known from its
# reply a tile later, adds the tile to its superblock) against the kept build (.gpu/wg-base,
# commit bbd3492) and this build with the barrier (WG_EXP_SGPUB=0), alternating twice.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
W=.gpu/workgroup; B=.gpu/wg-base
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
$B compact --n 67108864 $A --variant stable --runs 5 > /dev/null 2>&1 # the first process's slow clocks
echo "## registers, passes one after the other"
for e in WG_EXP_SGPUB=0 WG_EXP_SGPUB=1; do echo "# $e"; env $e $W compact --n 67108864 $A --variant stable --runs 20 --passes 2>&1 | grep -iE "rror|count_overlap|passes: stable" | cut -c1-200; done
for k in 1 2; do
  for e in base WG_EXP_SGPUB=0 WG_EXP_SGPUB=1 WG_EXP_SGPUB=1 WG_EXP_SGPUB=0 base; do
    X=$W; [ $e = base ] && X=$B
    echo "## round $k $e"
    for n in 67108864 16777216 4194304; do echo "# n=$n 50%"; env $e $X compact --n $n $A --variant stable --runs 50 | grep -E "^stable|rror"; done
    echo "# 2^26 0.1%"; env $e $X compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
    echo "# 2^26 90%"; env $e $X compact --n 67108864 $A --pass-fraction 0.9 --variant stable --runs 30 | grep -E "^stable|rror"
  done
done
echo "## alternate-check (fresh inputs through one compactor)"
WG_EXP_SGPUB=1 $W compact --n 16777216 $A --variant stable --alternate-check 40 2>&1 | tail -2
WG_EXP_SGPUB=1 $W compact --n 67108863 $A --variant stable --alternate-check 10 2>&1 | tail -2
} > $OUT/call4.txt 2>&1
