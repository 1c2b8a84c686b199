#!/bin/bash
# Eighteenth session, call 3: the overlap's scatter in groups of 512 x 2 rounds (or 1024 x 1),
# same tiles of 4096, for fewer registers per invocation (WG_EXP_SCATTER_LOCAL).
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for sl in 256 512 1024 256 512; do
  for nf in "67108864 0.5" "16777216 0.5"; do set -- $nf
    echo "## scatter local $sl --n $1 --pass-fraction $2"
    WG_EXP_SCATTER_LOCAL=$sl .gpu/workgroup $S --n $1 --pass-fraction $2 2>&1 | grep -E '^stable|rror'
  done
done
for sl in 512; do
  for G in 100 120 150; do
    echo "## scatter local $sl, --stable-overlap $G, 2^26"
    WG_EXP_SCATTER_LOCAL=$sl .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --stable-overlap $G 2>&1 | grep -E '^stable|rror'
  done
  for f in 0.001 1; do
    echo "## scatter local $sl, 2^26 at $f (then 256)"
    WG_EXP_SCATTER_LOCAL=$sl .gpu/workgroup $S --n 67108864 --pass-fraction $f 2>&1 | grep -E '^stable|rror'
    .gpu/workgroup $S --n 67108864 --pass-fraction $f 2>&1 | grep -E '^stable|rror'
  done
done
for sl in 256 512 1024; do
  echo "## scatter local $sl, timeline, 2^26"
  WG_EXP_SCATTER_LOCAL=$sl WG_EXP_TIMELINE=$OUT/tl-scatter$sl.bin .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
  echo "## scatter local $sl, passes with the barrier between, registers"
  WG_EXP_SCATTER_LOCAL=$sl .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|overlap|rror'
done
