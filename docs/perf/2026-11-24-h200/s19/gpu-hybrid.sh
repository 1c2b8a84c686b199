#!/bin/bash
# Nineteenth session, call 6: the hybrid (WG_EXP_HYBRID=1): counters and the ballots scatter both
# publish a tile's count, whichever comes first (compare-and-swap on the tile word; the winner
# adds to the superblock word), so a scatter group ahead of the counters counts its own tile.
# Against the default, alternating; then the alternating-runs check.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for rep in 1 2; do
  for n in 67108864 16777216; do
    echo "## n $n default (rep $rep)"
    .gpu/workgroup $S --n $n 2>&1 | grep -E '^stable|rror'
    for G in 132 100 66 33; do
      echo "## n $n hybrid --stable-overlap $G (rep $rep)"
      WG_EXP_HYBRID=1 .gpu/workgroup $S --n $n --stable-overlap $G 2>&1 | grep -E '^stable|rror'
    done
  done
done
for n in 67108864 3000017; do
  echo "## hybrid --alternate-check 8 --n $n"
  WG_EXP_HYBRID=1 .gpu/workgroup $S --n $n --alternate-check 8 2>&1 | grep -E -i 'alternat|differ|rror' | tail -3
done
