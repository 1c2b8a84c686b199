#!/bin/bash
# Session 2026-12-03, call 1: is the parked one pass (stable_parked.comp.tried) slow on the H200
# because its grid is not all resident? G = 132 (one group a multiprocessor) was never tried;
# ROUNDS 2 (tiles of 2048, 16.5 KiB of shared memory a group) lets more groups fit.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|rror"; }
{
run $W compact --n 67108864 --variant stable --runs 30
for R in 4 2; do
  for G in 66 132 264 396; do
    echo "## ROUNDS=$R G=$G"
    WG_EXP_PARKED_ROUNDS=$R WG_EXP_PARKED=$G run $W compact --n 67108864 --variant stable --runs 5 --warmup 1
  done
done
run $W compact --n 67108864 --variant stable --runs 30
} > "$out/call1.txt" 2>&1
for R in 4 2; do
  WG_EXP_PARKED_ROUNDS=$R WG_EXP_PARKED=132 $W compact --n 1048576 --variant stable --runs 1 --internals "$out/internals-r$R" > /dev/null 2>&1
done
cat "$out/call1.txt"
ls "$out"/internals-r4 | head -30
for R in 4 2; do for f in "$out"/internals-r$R/*parked*; do case "$f" in *.txt|*.json) echo "== $f"; head -c 1500 "$f"; echo;; esac; done; done
