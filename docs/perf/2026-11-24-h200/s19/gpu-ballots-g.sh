#!/bin/bash
# Nineteenth session, call 4: the scatter by ballots (WG_EXP_BALLOTS=1) by number of counter
# groups at 2^26 and 2^24, against the default at 120 and 132, alternating.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for rep in 1 2; do
  for n in 67108864 16777216; do
    for G in 132 120; do
      echo "## n $n default --stable-overlap $G (rep $rep)"
      WG_EXP_BALLOTS=0 .gpu/workgroup $S --n $n --stable-overlap $G 2>&1 | grep -E '^stable|rror'
    done
    for G in 132 144 154 166 198 264; do
      echo "## n $n ballots --stable-overlap $G (rep $rep)"
      WG_EXP_BALLOTS=1 .gpu/workgroup $S --n $n --stable-overlap $G 2>&1 | grep -E '^stable|rror'
    done
  done
done
