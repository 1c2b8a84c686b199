#!/bin/bash
# Seventeenth session, call 3: the overlap build with self-validating words (tile words READY |
# count and superblock words with their tiles done, two sets by parity, plain loads first and
# volatile re-reads only while a word is not yet published; no memory barriers, no atomics in
# the scatter; the parity flipped by a one-invocation dispatch after a barrier).
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E timeout 60 .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|overlap"; }
N="--n 67108864 --pass-fraction 0.5"
for E in "X=0" "WG_OVERLAP=264 WG_OVERLAP_BARRIER=1" "WG_OVERLAP=132" "WG_OVERLAP=264" "WG_OVERLAP=396" "WG_OVERLAP=528" "WG_OVERLAP=792" "X=0"; do
  srow $N
done
for nf in "67108864 0.001" "67108864 1" "16777216 0.5" "1048576 0.5"; do set -- $nf
  for E in "X=0" "WG_OVERLAP=264" "WG_OVERLAP=528"; do srow --n $1 --pass-fraction $2; done
done
