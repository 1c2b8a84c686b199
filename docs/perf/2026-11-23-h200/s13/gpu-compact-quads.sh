#!/bin/bash
# The large kernel (one tile per workgroup, 256 x 4 rounds, waits 2500/150) writing each
# subgroup's round as 16-byte quads (--lookback-vec4 true: staged at the output's offset in its
# quad, partial first and last quads scalar) against its scalar stores; the held persistent grid
# likewise; other shapes. f32 > 0.5.
# Run from the repository root with quads-reread-tried.diff applied (its knobs were removed).
source scripts/gpu-compact-dealt-common.sh
L="--lookback-one-tile true --lookback-warp-write true --lookback-wait-first 2500 --lookback-wait-poll 150"
Q="--lookback-vec4 true"
for nf in "67108864 0.5" "67108864 0.001" "67108864 1" "16777216 0.5" "8388608 0.5"; do
  set -- $nf
  row --n $1 --pass-fraction $2
  row --n $1 --pass-fraction $2 $L --lookback-rounds 4 --lookback-local 256 $Q
done
N="--n 67108864 --pass-fraction 0.5"
row $N $L --lookback-rounds 4 --lookback-local 256 --lookback-diag 1
row $N $L --lookback-rounds 4 --lookback-local 256 $Q --lookback-diag 1
row $N $L --lookback-rounds 4 --lookback-local 256 $Q --lookback-diag 3
for s in "2 512" "4 512" "4 128" "3 384"; do set -- $s; row $N $L --lookback-rounds $1 --lookback-local $2 $Q; done
for w in "2000 150" "3000 150" "2500 75"; do set -- $w; row $N --lookback-one-tile true --lookback-warp-write true --lookback-rounds 4 --lookback-local 256 $Q --lookback-wait-first $1 --lookback-wait-poll $2; done
H="--lookback-warp-write true --lookback-prefetch false"
for g in 396 792; do row $N $H --lookback-rounds 4 --lookback-groups $g; row $N $H --lookback-rounds 4 --lookback-groups $g $Q; done
row $N
