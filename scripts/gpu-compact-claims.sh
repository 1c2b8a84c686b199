#!/bin/bash
# The dealt grid with claims (a count still unpublished after --lookback-claim-after re-reads is
# claimed and counted by the waiting group): against the walking grid (the default) and the dealt
# grid without claims (0), 2^26 f32 keep x > 0.5 at 50% and 0.1%, 2^24, 2^20; claims made in
# normal runs (diag 3); grids that do not all fit at once (before: 45 ms fallbacks); every count
# claimed (diag 4); other claim bounds.
source "$(dirname "$0")/gpu-compact-dealt-common.sh"
sizes_rows --lookback-claim-after 0
N="--n 67108864 --pass-fraction 0.5"
row $N $D --lookback-diag 3
for c in 8 128; do row $N $D --lookback-claim-after $c --lookback-diag 3; done
for g in 396 264; do row $N $D --lookback-rounds 0 --lookback-prefetch false --lookback-groups $g --lookback-diag 3; done
for g in 528 1320 4000; do row $N $D --lookback-groups $g --lookback-diag 3; done
row $N $D --lookback-diag 4
row --n 1048576 --pass-fraction 0.5 $D --lookback-diag 4
for n in 1048576 16777216; do
  row --n $n --pass-fraction 0.5 $D --lookback-spin-limit 0
done
