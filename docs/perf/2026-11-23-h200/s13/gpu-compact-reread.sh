#!/bin/bash
# The one-tile kernel with the count and the write D tickets apart (--lookback-reread D: ticket i
# counts tile i, then writes tile i - D, loaded again from L2), against the large kernel (the
# default at 2^26). f32 > 0.5.
# Run from the repository root with quads-reread-tried.diff applied (its knobs were removed).
source scripts/gpu-compact-dealt-common.sh
T="--lookback-one-tile true --lookback-warp-write true"
N="--n 67108864 --pass-fraction 0.5"
row $N
for d in 64 256 512 1024 2048 4096; do row $N $T --lookback-rounds 4 --lookback-local 256 --lookback-reread $d; done
row $N $T --lookback-rounds 4 --lookback-local 256 --lookback-reread 1024 --lookback-diag 3
row $N $T --lookback-rounds 4 --lookback-local 256 --lookback-reread 1024 --lookback-diag 1
for s in "4 512" "4 128" "2 256" "3 256"; do set -- $s; row $N $T --lookback-rounds $1 --lookback-local $2 --lookback-reread 1024; done
row $N $T --lookback-rounds 4 --lookback-local 256 --lookback-reread 1024 --lookback-wait-first 500 --lookback-wait-poll 150
for nf in "67108864 0.001" "67108864 1" "16777216 0.5" "8388608 0.5" "1048576 0.5"; do
  set -- $nf
  row --n $1 --pass-fraction $2
  row --n $1 --pass-fraction $2 $T --lookback-rounds 4 --lookback-local 256 --lookback-reread 1024
  row --n $1 --pass-fraction $2 $T --lookback-rounds 4 --lookback-local 256 --lookback-reread 256
done
row $N
