#!/bin/bash
# The twelfth session's sweeps (docs/reduce_compact.md; raw outputs in
# docs/perf/2026-11-23-h200/s12/): one tile per workgroup kept in registers through its look-back
# and written one round per subgroup (--lookback-warp-write true: shared memory for one round,
# not the tile), with and without waits on the subgroup clock, against the persistent grid.
# 2^26 f32 unless stated. The large kernel (the default from 2^23 elements on GPUs with the
# subgroup clock) is WW with 4 rounds and waits 2500/150.
source "$(dirname "$0")/gpu-compact-dealt-common.sh"
P="--lookback-large-from never" # the persistent grid
WW="--lookback-one-tile true --lookback-warp-write true"
row --n 67108864 --pass-fraction 0.5 $P
row --n 67108864 --pass-fraction 0.5 $P --lookback-diag 1
row --n 67108864 --pass-fraction 0.5 --lookback-one-tile true --lookback-rounds 3
for r in 3 4; do
  row --n 67108864 --pass-fraction 0.5 $WW --lookback-rounds $r
  row --n 67108864 --pass-fraction 0.5 $WW --lookback-rounds $r --lookback-diag 1
done
for l in 128 384 512; do row --n 67108864 --pass-fraction 0.5 $WW --lookback-rounds 4 --lookback-local $l; done
for f in 1000 2000 3000 4500 6000; do for p in 75 150 400; do
  row --n 67108864 --pass-fraction 0.5 $WW --lookback-rounds 4 --lookback-wait-first $f --lookback-wait-poll $p
done; done
row --n 67108864 --pass-fraction 0.5 --lookback-diag 3 # the large kernel's walks
for n in 262144 1048576 4194304 8388608 16777216 67108864; do
  row --n $n --pass-fraction 0.5 $P
  row --n $n --pass-fraction 0.5
done
for f in 0 0.001 1; do row --n 67108864 --pass-fraction $f $P; row --n 67108864 --pass-fraction $f; done
