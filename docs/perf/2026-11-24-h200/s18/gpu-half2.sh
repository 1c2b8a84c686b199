#!/bin/bash
# Eighteenth session, call 11: WRITE 9 with the recount fallback one load per iteration
# (WG_EXP_RECOUNT_NARROW=1): its registers; and WRITE 9 against 0 by size.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
export WG_EXP_WRITE=9 WG_EXP_RECOUNT_NARROW=1
echo "## write 9 narrow: passes with the barrier between, registers"
.gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
for n in 67108864 16777216 1048576; do
  echo "## write 9 narrow --n $n"
  .gpu/workgroup $S --n $n --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
done
unset WG_EXP_RECOUNT_NARROW
for n in 1048576 4194304 8388608 16777216 33554432 67108864; do
  for W in 0 9 0 9; do
    echo "## write $W --n $n"
    WG_EXP_WRITE=$W .gpu/workgroup $S --n $n --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
  done
done
