#!/bin/bash
# The persistent grid holding its last tile in registers (--lookback-warp-write true
# --lookback-prefetch false: two tiles in registers, one round of shared memory, the look-back
# one tile late), against the large kernel (the default at 2^26) and the persistent grid's
# default (--lookback-large-from never). 2^26 f32 at 50%.
# (Refused on GPUs on 2026-12-01 after wrong results on the H200; since 2026-12-02 it writes its
# tile by rounds with the whole group and is exact there: docs/reduce_compact.md, "2026-12-02".)
source "$(dirname "$0")/gpu-compact-dealt-common.sh"
H="--lookback-warp-write true --lookback-prefetch false"
N="--n 67108864 --pass-fraction 0.5"
row $N
row $N --lookback-large-from never
for r in 4 3 2; do for g in 396 528 660 792; do row $N $H --lookback-rounds $r --lookback-groups $g; done; done
for g in 528 660; do row $N $H --lookback-rounds 4 --lookback-groups $g --lookback-diag 1; row $N $H --lookback-rounds 4 --lookback-groups $g --lookback-diag 3; done
for w in "300 100" "1000 100"; do set -- $w; row $N $H --lookback-rounds 4 --lookback-groups 528 --lookback-wait-first $1 --lookback-wait-poll $2; done
row $N $H --lookback-rounds 4 --lookback-groups 528 --lookback-slices 2
row $N
