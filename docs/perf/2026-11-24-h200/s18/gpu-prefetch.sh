#!/bin/bash
# Eighteenth session, call 1: the counters pulling tiles into L2 ahead of their loads (one word
# per 32-byte sector, WG_EXP_PREFETCH steps of G tiles ahead), and the counters alone
# (WG_EXP_SKIP_SCATTER: no scatter, so the output is wrong on purpose: a timing only).
S="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
for pf in 0 8; do
  echo "## counters alone, prefetch $pf, 2^26"
  WG_EXP_SKIP_SCATTER=1 WG_EXP_PREFETCH=$pf .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
done
for pf in 0 6 8 12 16 24 0; do
  echo "## prefetch $pf, 2^26 at 0.5"
  WG_EXP_PREFETCH=$pf .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
done
for pf in 0 8 16; do
  echo "## prefetch $pf, 2^24 at 0.5"
  WG_EXP_PREFETCH=$pf .gpu/workgroup $S --n 16777216 --pass-fraction 0.5 2>&1 | grep -E '^stable|rror'
done
for pf in 0 8; do
  echo "## prefetch $pf, passes and registers"
  WG_EXP_PREFETCH=$pf .gpu/workgroup $S --n 67108864 --pass-fraction 0.5 --passes --runs 10 2>&1 | grep -E 'passes|overlap|rror'
done
