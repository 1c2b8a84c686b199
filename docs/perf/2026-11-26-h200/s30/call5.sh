#!/bin/bash
# Session 30: the single-pass scan's walks, counted (experiment build: WG_EXP_WALK=2 reads, 3 stalled reads, 4 tiles crossed).
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
W=.gpu/workgroup-exp
for n in 1048576 16777216 67108864 268435456; do
  for d in 0 1 2 3 4; do
    echo "## n=$n diag=$d"
    if [ $d -ge 2 ]; then WG_EXP_WALK=$d $W scan --n $n --type u32 --exclusive --variant single-pass --runs 20 2>&1 | grep -E "walk counter|^single-pass"
    else $W scan --n $n --type u32 --exclusive --variant single-pass --runs 20 --diag $d 2>&1 | grep -E "^single-pass"; fi
  done
done
for g in 132 264 528 792 1024; do
  for d in 0 2 4; do
    echo "## n=2^26 grid=$g diag=$d"
    if [ $d -ge 2 ]; then WG_EXP_WALK=$d $W scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 20 --grid $g 2>&1 | grep -E "walk counter|^single-pass"
    else $W scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 20 --grid $g 2>&1 | grep -E "^single-pass"; fi
  done
done
