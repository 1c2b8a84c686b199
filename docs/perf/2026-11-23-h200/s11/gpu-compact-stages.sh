#!/bin/bash
# Two staging buffers in the walking grid (--lookback-stages 2: a tile is staged while the first
# subgroup looks back for the last one; two barriers per tile instead of four) against the
# default, alternated at five sizes; then its grid and tile sizes, and the dealt grid with
# discovery (the tenth session's candidate default) in the same call.
source "$(dirname "$0")/gpu-compact-dealt-common.sh"
S="--lookback-stages 2"
X="$D --lookback-discover true --lookback-claim-after 0"
for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5" "1048576 0.5" "65536 0.5"; do
  set -- $nf
  for k in 1 2; do
    row --n $1 --pass-fraction $2
    row --n $1 --pass-fraction $2 $S
  done
  row --n $1 --pass-fraction $2 $X
done
N="--n 67108864 --pass-fraction 0.5"
row $N --lookback-diag 3
row $N $S --lookback-diag 3
row $N $S --lookback-diag 1
row $N --lookback-diag 1
for g in 264 528; do row $N $S --lookback-groups $g; done
row $N $S --lookback-rounds 0
row $N $S --lookback-rounds 0 --lookback-groups 264
row $N $S --lookback-rounds 2
row $N $S --lookback-rounds 2 --lookback-groups 528
row $N $S --lookback-prefetch false --lookback-rounds 0 --lookback-groups 528
