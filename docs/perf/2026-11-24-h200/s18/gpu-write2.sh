#!/bin/bash
# Eighteenth session, call 5: WG_EXP_WRITE 4 (each invocation stores its own kept values, no
# staging) and 5 (no write phase at all: a timing only, wrong on purpose), against 0 and 1.
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for w in 0 4 5 1 0 4; do
  echo "## write $w, 2^26 at 0.5"
  WG_EXP_WRITE=$w .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
done
for nf in "16777216 0.5" "67108864 0.001" "67108864 1"; do set -- $nf
  for w in 0 4; do
    echo "## write $w --n $1 --pass-fraction $2"
    WG_EXP_WRITE=$w .gpu/workgroup $S --n $1 --pass-fraction $2 2>&1 | grep -E '^stable|rror'
  done
done
for w in 4 5; do
  echo "## write $w, timeline, 2^26"
  WG_EXP_WRITE=$w WG_EXP_TIMELINE=$OUT/tl-write$w.bin .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
  echo "## write $w, passes with the barrier between, registers"
  WG_EXP_WRITE=$w .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
done
