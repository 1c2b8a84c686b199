#!/bin/bash
# Eighteenth session, call 2: the overlap's timeline. WG_EXP_TIMELINE=FILE writes the device
# clock (ns) at each counter group's start, each tile's publication by the counters, and each
# scatter group's start, prefix known, and end, for the last run; tl-analyze.py reads them.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for x in "67108864 0.5 132" "67108864 0.5 120" "16777216 0.5 132" "67108864 0.001 132" "67108864 1 132"; do set -- $x
  echo "## timeline --n $1 --pass-fraction $2 --stable-overlap $3"
  WG_EXP_TIMELINE=$OUT/tl-$1-$2-$3.bin .gpu/workgroup $S --n $1 --pass-fraction $2 --stable-overlap $3 2>&1 | grep -E '^stable|rror'
  echo "## no timeline"
  .gpu/workgroup $S --n $1 --pass-fraction $2 --stable-overlap $3 2>&1 | grep -E '^stable|rror'
done
echo "## timeline with the barrier between, 2^26"
WG_EXP_TIMELINE=$OUT/tl-barrier.bin .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --stable-overlap-barrier true 2>&1 | grep -E '^stable|rror'
echo "## timeline, 2^26, registers"
WG_EXP_TIMELINE=$OUT/tl-passes.bin .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes 2>&1 | grep -E 'passes|overlap|rror'
echo "## no timeline, registers"
.gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes 2>&1 | grep -E 'passes|overlap|rror'
