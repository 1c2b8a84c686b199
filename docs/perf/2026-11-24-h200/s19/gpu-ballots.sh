#!/bin/bash
# Nineteenth session, call 3: the overlap's scatter by ballots (WG_EXP_BALLOTS=1: each subgroup
# reads its own 512-element chunk of the tile with 4-byte loads, one store per round at its
# running count plus the lane's rank in the round's ballot; no staging) against the default
# (halves up to 2^25, by subgroups past it), alternating in one call.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
echo "## registers and passes (barrier between), default then ballots"
for b in 0 1; do
  WG_EXP_BALLOTS=$b .gpu/workgroup $S --n 67108864 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
done
for rep in 1 2; do
  for n in 67108864 33554432 16777216 4194304 1048576; do
    for b in 0 1; do
      echo "## n $n ballots $b (rep $rep)"
      WG_EXP_BALLOTS=$b .gpu/workgroup $S --n $n --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
    done
  done
done
for G in 120 144 166; do
  for b in 0 1; do
    echo "## 2^26 --stable-overlap $G ballots $b"
    WG_EXP_BALLOTS=$b .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --stable-overlap $G 2>&1 | grep -E '^stable|rror'
  done
done
for f in 0.001 1; do
  for b in 0 1; do
    echo "## 2^26 --pass-fraction $f ballots $b"
    WG_EXP_BALLOTS=$b .gpu/workgroup $S --n 67108864 --pass-fraction $f 2>&1 | grep -E '^stable|rror'
  done
done
