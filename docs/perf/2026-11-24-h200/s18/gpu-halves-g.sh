#!/bin/bash
# Eighteenth session, call 15 (commit beb9cd3's build): the scatter in halves at 2^26 by number
# of counter groups, and both forms at 0.1% and 100%.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable --n 67108864"
for G in 132 110 120 126 140 132; do
  for h in true false; do
    echo "## --stable-overlap $G --stable-overlap-halves $h"
    .gpu/workgroup $S --pass-fraction 0.5 --stable-overlap $G --stable-overlap-halves $h 2>&1 | grep -E '^stable|rror'
  done
done
for f in 0.001 1; do
  for h in true false; do
    echo "## --pass-fraction $f --stable-overlap-halves $h"
    .gpu/workgroup $S --pass-fraction $f --stable-overlap-halves $h 2>&1 | grep -E '^stable|rror'
  done
done
