#!/bin/bash
# stable-lookback's kernels on 2^26 f32 (docs/reduce_compact.md), with CUB's DeviceSelect::If and
# the read-all-write-half floor in CUDA first (scripts/peers/compact_cub.cu): the persistent grid
# with tiles of 2..4 rounds of uvec4, with and without the next tile prefetched, at several grid
# sizes; one tile per workgroup (stable_lookback_tile.comp) with its ticket and without
# (--lookback-diag 2, wrong on purpose: timing) and without its look-back (--lookback-diag 1).
# --lookback-diag 3 (exact) counts the look-back's window reads.
echo "## CUDA peers"
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26 && /tmp/compact_cub 24
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --passes"
row() { echo "## ${*}"; .gpu/workgroup $A --variant stable-lookback "$@" | grep -E "^stable|rror|look-backs|stable_lookback"; }
row --pass-fraction 0.5 --lookback-diag 3
for r in 2 3 4; do
  for pf in false true; do row --pass-fraction 0.5 --lookback-diag 3 --lookback-rounds $r --lookback-prefetch $pf; done
done
for g in 396 792 1056; do
  for r in 2 3; do row --pass-fraction 0.5 --lookback-diag 3 --lookback-rounds $r --lookback-prefetch true --lookback-groups $g; done
done
for r in 2 3; do row --pass-fraction 0.5 --lookback-diag 1 --lookback-rounds $r --lookback-prefetch true; done
for d in 1 2; do row --pass-fraction 0.5 --lookback-diag $d --lookback-rounds 3 --lookback-one-tile true; done
row --pass-fraction 0.001 --lookback-diag 3
row --pass-fraction 0.001 --lookback-diag 3 --lookback-rounds 3 --lookback-prefetch true
