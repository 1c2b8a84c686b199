#!/bin/bash
# Session of 2026-12-01, call 2: the one-pass look-back with tile-atomic's body
# (glsl/compact/tile_lookback.comp, env WG_EXP_TILE_LOOKBACK=1 on `stable`; WG_EXP_LATE=1: its
# first read of the words after the first half is staged) against `stable` as kept and
# `tile-atomic`, alternating twice; then the kernels' driver statistics.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"; W=.gpu/workgroup
C="compact --type f32 --pred gt:0.5"
{
for k in 1 2; do
  for case in "67108864 0.5 50" "16777216 0.5 50" "67108864 0.001 30" "1048576 0.5 30"; do
    set -- $case
    echo "### round $k n=$1 pass=$2 kept"; $W $C --n $1 --pass-fraction $2 --variant stable,tile-atomic --runs $3
    echo "### round $k n=$1 pass=$2 one-pass look-back"; WG_EXP_TILE_LOOKBACK=1 $W $C --n $1 --pass-fraction $2 --variant stable --runs $3
    echo "### round $k n=$1 pass=$2 one-pass look-back, late read"; WG_EXP_TILE_LOOKBACK=1 WG_EXP_LATE=1 $W $C --n $1 --pass-fraction $2 --variant stable --runs $3
  done
done
echo "### statistics"
WG_EXP_TILE_LOOKBACK=1 $W --internals /tmp/int $C --n 1000003 --variant stable,tile-atomic --runs 1
for f in /tmp/int/*stats.txt; do echo "== $f"; cat "$f"; done
} > "$out/ab.txt" 2>&1
grep -E "^###|^stable|^tile-atomic|rror" "$out/ab.txt"
