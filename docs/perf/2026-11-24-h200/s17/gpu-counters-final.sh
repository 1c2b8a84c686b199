#!/bin/bash
# Seventeenth session, call 11: the number of counter groups of 512 around the default (one per
# multiprocessor, 132 on the H200), final build (commit e1c0906).
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for nf in "67108864 0.5" "16777216 0.5"; do set -- $nf
  for G in 132 110 120 144 154 132; do
    echo "## --stable-overlap $G --n $1 --pass-fraction $2"
    .gpu/workgroup $S --n $1 --pass-fraction $2 --stable-overlap $G 2>&1 | grep -E '^stable|rror'
  done
done
