#!/bin/bash
# The dealt grid with claims (a count still unpublished after --lookback-claim-after re-reads is
# claimed and counted by the waiting group): against the walking grid (the default) and the dealt
# grid without claims (0), 2^26 f32 keep x > 0.5 at 50% and 0.1%, 2^24, 2^20; claims made in
# normal runs (diag 3); grids that do not all fit at once (before: 45 ms fallbacks); every count
# claimed (diag 4); other claim bounds.
A="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable-lookback"
row() { echo "## ${*}"; .gpu/workgroup $A "$@" 2>&1 | grep -E "^stable|rror|look-backs|registers|Register|passes: stable|gave up"; }
D="--lookback-dealt true"
for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5" "1048576 0.5"; do set -- $nf
  row --n $1 --pass-fraction $2
  row --n $1 --pass-fraction $2 $D
  row --n $1 --pass-fraction $2 $D --lookback-claim-after 0
done
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
