#!/bin/bash
# Nineteenth session, call 1: the overlap's scatter with two tiles of 4096 per group
# (WG_EXP_WIDE=1: 8 loads per invocation, both tiles ranked with one barrier, written by
# subgroups) against the default, alternating in one call.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
echo "## registers (--passes, barrier between), default then wide"
for w in 0 1; do
  WG_EXP_WIDE=$w .gpu/workgroup $S --n 67108864 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|overlap|rror'
done
for rep in 1 2; do
  for n in 67108864 33554432 16777216 1048576; do
    for w in 0 1; do
      echo "## n $n wide $w (rep $rep)"
      WG_EXP_WIDE=$w .gpu/workgroup $S --n $n --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
    done
  done
done
for G in 100 120 166; do
  for w in 0 1; do
    echo "## 2^26 --stable-overlap $G wide $w"
    WG_EXP_WIDE=$w .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --stable-overlap $G 2>&1 | grep -E '^stable|rror'
  done
done
for f in 0.001 1; do
  for w in 0 1; do
    echo "## 2^26 --pass-fraction $f wide $w"
    WG_EXP_WIDE=$w .gpu/workgroup $S --n 67108864 --pass-fraction $f 2>&1 | grep -E '^stable|rror'
  done
done
