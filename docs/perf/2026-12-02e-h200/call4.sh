#!/bin/bash
# Session 2026-12-02 (fifth), call 4: the persistent scatter dealt statically (s: tiles g, g + G,
# ...) against groups that claim their tiles in order by a ticket (c: the next one claimed while
# this one is ranked, its loads issued once the first half is staged), G groups; 0 = the default.
# 2^22 .. 2^27 f32 x > 0.5 at 50%, 2^26 at 0.1% and 100%, alternating, two rounds.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
log() { echo "### $*"; "$@"; echo "rc=$?"; }
WG_EXP_CLAIM=1 WG_EXP_PERSIST=396 $W --internals /tmp/intc compact --n 1048577 --type f32 --pred gt:0.5 --variant stable --stable-one-pass-max 0 --runs 2 > /dev/null 2>&1
for f in /tmp/intc/*scatter_overlap*c11-1*.stats.txt; do echo "== $f"; cat "$f"; done > "$out/stats.txt" 2>&1
head -20 "$out/stats.txt"
run() { # form n fraction runs
  local form=$1; shift
  case $form in
    0) env WG_EXP_PERSIST=0 $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs $3 ;;
    s*) env WG_EXP_PERSIST=${form#s} $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs $3 ;;
    c*) env WG_EXP_CLAIM=1 WG_EXP_PERSIST=${form#c} $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs $3 ;;
  esac
}
{
for form in 0 s396 c396 c528 c1056 c1056 c528 c396 s396 0; do
  for c in "4194304 0.5 30" "16777216 0.5 30" "67108864 0.5 50" "134217728 0.5 30" "67108864 0.001 30" "67108864 1 30"; do
    set -- $c
    echo "## form $form $1 $2"; run $form $1 $2 $3 | grep -E "^stable|rror"
  done
done
} > "$out/call4.txt" 2>&1
paste - - < "$out/call4.txt" | awk '{print $3, $4, $5, $7, $10, $11}'
