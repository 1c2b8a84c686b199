#!/bin/bash
# Nineteenth session, call 5: no counters (WG_EXP_SELF=1): the scatter by ballots publishes its
# own tile's count, then waits for the counts before it (superblock and tile words, as the
# overlap's), against the default, alternating in one call; then the alternating-runs check.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for rep in 1 2; do
  for n in 67108864 16777216 1048576; do
    for e in 0 1; do
      echo "## n $n self $e (rep $rep)"
      WG_EXP_SELF=$e .gpu/workgroup $S --n $n 2>&1 | grep -E '^stable|rror'
    done
  done
done
for f in 0.001 1; do
  for e in 0 1; do
    echo "## 2^26 --pass-fraction $f self $e"
    WG_EXP_SELF=$e .gpu/workgroup $S --n 67108864 --pass-fraction $f 2>&1 | grep -E '^stable|rror'
  done
done
echo "## self, --passes (zeroing, then scatter)"
WG_EXP_SELF=1 .gpu/workgroup $S --n 67108864 --passes 2>&1 | grep -E 'passes: stable|rror'
for n in 67108864 3000017; do
  echo "## self --alternate-check 8 --n $n"
  WG_EXP_SELF=1 .gpu/workgroup $S --n $n --alternate-check 8 2>&1 | grep -E -i 'alternat|differ|^stable|rror' | tail -4
done
