#!/bin/bash
# Session 2026-12-03 (second), call 2: call 1's WG_EXP_WORDS_AHEAD 0 (as kept) and 2 (this
# tile's words issued after the next tile's loads, before the rank) once more, and 3 (this
# tile's words issued before the next tile's loads), over three rounds and at 2^25 and 2^27.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
run() { echo "### $*"; timeout 60 "$@" 2>&1 | grep -E "^stable|^tile-atomic|rror|mismatch|wrong"; }
WG_EXP_WORDS_AHEAD=3 $W compact --n 67108864 --variant stable --runs 1 --internals /tmp/int3 > /dev/null 2>&1
for f in /tmp/int3/*scatter_overlap*c13-1*stats.txt; do echo "== $(basename $f)"; grep -E "Register|Shared|Local" $f; done > "$out/call2-stats.txt" 2>&1
cat "$out/call2-stats.txt"
{
for round in 1 2 3; do
  for A in 0 2 3; do
    echo "## WORDS_AHEAD=$A"
    WG_EXP_WORDS_AHEAD=$A run $W compact --n 67108864 --variant stable --runs 50
    WG_EXP_WORDS_AHEAD=$A run $W compact --n 67108864 --variant stable --runs 30 --pass-fraction 0.001
  done
done
for A in 0 2 3 0 2 3; do
  echo "## WORDS_AHEAD=$A sizes"
  WG_EXP_WORDS_AHEAD=$A run $W compact --n 33554432 --variant stable --runs 30
  WG_EXP_WORDS_AHEAD=$A run $W compact --n 134217728 --variant stable --runs 30
  WG_EXP_WORDS_AHEAD=$A run $W compact --n 67108864 --variant stable --runs 30 --pass-fraction 1
done
echo "## checks"
for n in 33554435 50331653 100000007; do
  WG_EXP_WORDS_AHEAD=3 run $W compact --n $n --variant stable --runs 3 --pass-fraction 0.5
done
} > "$out/call2.txt" 2>&1
cat "$out/call2.txt"
