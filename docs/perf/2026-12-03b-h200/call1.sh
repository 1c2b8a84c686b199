#!/bin/bash
# Session 2026-12-03 (second), call 1: when the persistent scatter reads its prefix words
# (words-ahead-tried.diff, env WG_EXP_WORDS_AHEAD): 0 after the rank (as kept), 1 the next tile's
# words issued with its loads (a tile ahead), 2 this tile's words issued before its rank.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|^tile-atomic|rror|mismatch|wrong"; }
for A in 0 1 2; do
  WG_EXP_WORDS_AHEAD=$A $W compact --n 67108864 --variant stable --runs 1 --internals /tmp/int$A > /dev/null 2>&1
  for f in /tmp/int$A/*scatter_overlap*c13-1*stats.txt; do echo "== A=$A $(basename $f)"; grep -E "Register|Shared|Local" $f; done
done > "$out/call1-stats.txt" 2>&1
cat "$out/call1-stats.txt"
{
for round in 1 2; do
  for A in 0 1 2; do
    echo "## WORDS_AHEAD=$A"
    WG_EXP_WORDS_AHEAD=$A run $W compact --n 67108864 --variant stable --runs 50
    WG_EXP_WORDS_AHEAD=$A run $W compact --n 67108864 --variant stable --runs 30 --pass-fraction 0.001
    WG_EXP_WORDS_AHEAD=$A run $W compact --n 67108864 --variant stable --runs 30 --pass-fraction 1
  done
done
echo "## tile-atomic"
run $W compact --n 67108864 --variant tile-atomic --runs 50
echo "## checks"
for A in 1 2; do
  for n in 33554435 50331653 100000007; do
    WG_EXP_WORDS_AHEAD=$A run $W compact --n $n --variant stable --runs 3 --pass-fraction 0.5
  done
  WG_EXP_WORDS_AHEAD=$A run $W compact --n 67108864 --variant stable --runs 3 --type u32 --pred even --pass-fraction 0.001
done
} > "$out/call1.txt" 2>&1
cat "$out/call1.txt"
