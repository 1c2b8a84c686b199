#!/bin/bash
# Session 2026-12-02 (fifth), call 3, the build of call 2: the persistent scatter's statistics
# (local memory), then WG_EXP_PERSIST = 0 (default) / 396 / 384 by size at 50% and at 2^26 by
# pass fraction, alternating, two rounds; then 400 and 528 groups (past three a multiprocessor).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
log() { echo "### $*"; "$@"; echo "rc=$?"; }
WG_EXP_PERSIST=396 $W --internals /tmp/intp compact --n 1048577 --type f32 --pred gt:0.5 --variant stable --stable-one-pass-max 0 --runs 2 > /dev/null 2>&1
for f in /tmp/intp/*scatter_overlap*c11-1*.stats.txt; do echo "== $f"; cat "$f"; done > "$out/stats.txt" 2>&1
head -40 "$out/stats.txt"
{
for P in 0 396 384 384 396 0; do
  for c in "4194304 0.5 30" "8388608 0.5 30" "16777216 0.5 30" "33554432 0.5 30" "67108864 0.5 50" "134217728 0.5 30" "67108864 0.001 30" "67108864 1 30"; do
    set -- $c
    echo "## persist $P $1 $2"; WG_EXP_PERSIST=$P log $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs $3
  done
done
for P in 400 528 0; do
  echo "## persist $P 67108864 0.5"; WG_EXP_PERSIST=$P log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
done
} > "$out/call3.txt" 2>&1
grep -E "^## persist|^stable|rror" "$out/call3.txt" | paste - - | awk '{print $3, $4, $5, $7, $10, $11}' | head -120
