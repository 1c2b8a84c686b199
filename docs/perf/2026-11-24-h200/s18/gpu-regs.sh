#!/bin/bash
# Eighteenth session, call 8: what sets the overlap scatter's registers. WG_EXP_WRITE 0 / 6 / 7
# (7: 6 with staging positions from popcounts and the write loop not unrolled), each with the
# recount fallback unrolled 8 (as it is) or one load per iteration (WG_EXP_RECOUNT_NARROW=1).
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for e in "W=0" "W=0 NR=1" "W=6" "W=6 NR=1" "W=7" "W=7 NR=1"; do
  NR=; eval "$e"
  if [ -n "$NR" ]; then export WG_EXP_RECOUNT_NARROW=1; else unset WG_EXP_RECOUNT_NARROW; fi
  export WG_EXP_WRITE=$W
  echo "## write $W recount narrow ${NR:-0}: passes with the barrier between, registers"
  .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
  for n in 67108864 16777216 1048576; do
    echo "## write $W recount narrow ${NR:-0} --n $n"
    .gpu/workgroup $S --n $n --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
  done
done
