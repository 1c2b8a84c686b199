#!/bin/bash
# Session of 2026-12-01 (second session that day), call 5: what a one pass that SPILLS its late
# tiles could reach. The one-pass look-back (4 words a lane, late read) with WG_EXP_GIVE_UP: a
# tile whose look-back re-read WG_EXP_SPIN times gives up (wrong results; `kept` then counts
# the tiles that gave up); 1: it leaves without writing, 2: it still writes its kept elements
# (the spill's write). Against `stable` as kept, `tile-atomic`, and the one pass that waits
# (with and without the status words zeroed, as the give-up runs zero `count`). Then call 4's
# crossover sweep.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"; W=.gpu/workgroup
C="compact --type f32 --pred gt:0.5"
X="WG_EXP_TILE_LOOKBACK=1 WG_EXP_WIDE=1 WG_EXP_LATE=1"
{
for k in 1 2; do
  for case in "67108864 0.5 50" "67108864 0.001 30"; do
    set -- $case
    echo "### round $k n=$1 pass=$2 kept"; $W $C --n $1 --pass-fraction $2 --variant stable,tile-atomic --runs $3
    echo "### round $k n=$1 pass=$2 one pass, waits"; env $X $W $C --n $1 --pass-fraction $2 --variant stable --runs $3
    echo "### round $k n=$1 pass=$2 one pass, waits, zeroed"; env $X WG_EXP_FILL=1 $W $C --n $1 --pass-fraction $2 --variant stable --runs $3
    for s in 0 1 2 4 16; do
      echo "### round $k n=$1 pass=$2 gives up after $s, leaves"; env $X WG_EXP_GIVE_UP=1 WG_EXP_SPIN=$s $W $C --n $1 --pass-fraction $2 --variant stable --runs $3
    done
    for s in 0 2 8; do
      echo "### round $k n=$1 pass=$2 gives up after $s, writes"; env $X WG_EXP_GIVE_UP=2 WG_EXP_SPIN=$s $W $C --n $1 --pass-fraction $2 --variant stable --runs $3
    done
  done
done
} > "$out/spill.txt" 2>&1
grep -E "^###|^stable|^tile-atomic|rror" "$out/spill.txt" | grep -v "disagree"
OUT=$out bash docs/perf/2026-12-01-h200/call4.sh
