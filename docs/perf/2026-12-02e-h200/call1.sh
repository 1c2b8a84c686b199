#!/bin/bash
# Session 2026-12-02 (fifth), call 1: the overlap's scatter loading each tile's second half
# later (WG_EXP_LATE_HALF=2: after the first half is staged; 3: after the prefix is known)
# against the default (1: the whole tile loaded at once). Registers from --internals, then
# 2^26 f32 x > 0.5 at 50% / 0.1% and 2^24 at 50%, the three forms alternating, two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
log() { echo "### $*"; "$@"; echo "rc=$?"; }
for h in 1 2 3; do
  WG_EXP_LATE_HALF=$h $W --internals /tmp/int$h compact --n 1048577 --type f32 --pred gt:0.5 --variant stable --stable-one-pass-max 0 --runs 2 > /dev/null 2>&1
  echo "## form $h"; python3 scripts/nvidia-sass /tmp/int$h 2>&1 | grep -E "kernel|scatter_overlap|count_overlap"
done > "$out/registers.txt"
cat "$out/registers.txt"
{
for k in 1 2; do
  for h in 1 2 3 3 2 1; do
    for c in "67108864 0.5 50" "67108864 0.001 30" "16777216 0.5 30"; do
      set -- $c
      echo "## form $h"; WG_EXP_LATE_HALF=$h log $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs $3
    done
  done
done
} > "$out/call1.txt" 2>&1
grep -E "^## form|^stable|rror" "$out/call1.txt" | paste - - | awk '{print "form", $3, $5, $8, $9}' | head -80
