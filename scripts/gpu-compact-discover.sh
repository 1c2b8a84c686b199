#!/bin/bash
# The dealt grid with occupancy discovery (--lookback-discover: the groups that check in before
# the poll closes deal the tiles among themselves) against the walking grid (the default) and
# the dealt grid as it is (claims after 32 re-reads), with and without claims; then the grids that
# do not fit (the ninth and tenth sessions' 6-58 ms cliffs) with discovery.
source "$(dirname "$0")/gpu-compact-dealt-common.sh"
X="$D --lookback-discover true"
for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5" "1048576 0.5" "65536 0.5"; do
  set -- $nf
  for k in 1 2; do
    row --n $1 --pass-fraction $2
    row --n $1 --pass-fraction $2 $X --lookback-claim-after 0
    row --n $1 --pass-fraction $2 $X
  done
  row --n $1 --pass-fraction $2 $D --lookback-claim-after 0
done
N="--n 67108864 --pass-fraction 0.5"
row $N $X --lookback-claim-after 0 --lookback-diag 3
for g in 396 264; do row $N $X --lookback-claim-after 0 --lookback-rounds 0 --lookback-prefetch false --lookback-groups $g --lookback-diag 3; done
for g in 528 1320 4000; do row $N $X --lookback-claim-after 0 --lookback-groups $g --lookback-diag 3; done
for g in 528 4000; do row $N $X --lookback-groups $g --lookback-diag 3; done
row --n 16777216 --pass-fraction 0.5 $X --lookback-claim-after 0 --lookback-spin-limit 0
