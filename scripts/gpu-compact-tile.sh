#!/bin/bash
# stable-lookback's two kernels on 2^26 f32 (docs/reduce_compact.md): the persistent grid against
# one tile per workgroup (stable_lookback_tile.comp) of 1..4 rounds of uvec4 with 256 invocations
# (and 512 for 1 and 2 rounds), at 50% and 0.1% passing; the look-back's reads (--lookback-diag
# 3, exact) and the kernel without its look-back (--lookback-diag 1, wrong on purpose: timing).
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --passes"
row() { echo "## ${*}"; .gpu/workgroup $A --variant stable-lookback "$@" | grep -E "^stable|rror|look-backs|stable_lookback"; }
for f in 0.5 0.001; do
  row --pass-fraction $f --lookback-diag 3
  for r in 1 2 3 4; do row --pass-fraction $f --lookback-diag 3 --lookback-tile-rounds $r; done
  for r in 1 2; do row --pass-fraction $f --lookback-diag 3 --lookback-tile-rounds $r --lookback-local 512; done
done
for r in 1 2 3 4; do row --pass-fraction 0.5 --lookback-diag 1 --lookback-tile-rounds $r; done
row --pass-fraction 0.5 --lookback-diag 1
echo "## subgroup-ballot"; .gpu/workgroup $A --variant subgroup-ballot --pass-fraction 0.5 | grep -E "^subgroup|rror|subgroup_ballot"
