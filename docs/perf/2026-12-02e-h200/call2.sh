#!/bin/bash
# Session 2026-12-02 (fifth), call 2: the overlap's scatter in halves as persistent groups, each
# issuing its next tile's loads (tiles g, g + G, ...) before ranking the current one
# (WG_EXP_PERSIST=G; 0: the default, one group per tile). Registers from --internals, then 2^26
# f32 x > 0.5 at 50% / 0.1% and 2^24 at 50%, alternating, two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
log() { echo "### $*"; "$@"; echo "rc=$?"; }
WG_EXP_PERSIST=264 $W --internals /tmp/intp compact --n 1048577 --type f32 --pred gt:0.5 --variant stable --stable-one-pass-max 0 --runs 2 > /dev/null 2>&1
python3 scripts/nvidia-sass /tmp/intp 2>&1 | grep -E "kernel|scatter_overlap|count_overlap" > "$out/registers.txt"
cat "$out/registers.txt"
{
for P in 0 132 264 396 396 264 132 0; do
  for c in "67108864 0.5 50" "67108864 0.001 30" "16777216 0.5 30"; do
    set -- $c
    echo "## persist $P"; WG_EXP_PERSIST=$P log $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs $3
  done
done
} > "$out/call2.txt" 2>&1
grep -E "^## persist|^stable|rror" "$out/call2.txt" | paste - - | awk '{print "persist", $3, $5, $8, $9}' | head -80
