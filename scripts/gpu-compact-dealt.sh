#!/bin/bash
# The dealt grid (--lookback-dealt true: tiles g, g + G, ... per group, a tile's prefix from the
# G - 1 counts before it, read at once) next to the walking persistent grid (the default), 2^26
# f32 keep x > 0.5 at 50% and 0.1%, 2^24, 2^20; registers, spins (diag 3), the body (diag 1);
# whether a configuration that fell back at 396 groups runs with fewer (residency); then the
# dealt grid with every tile giving up (spin limit 0: both fallbacks, exact?).
source "$(dirname "$0")/gpu-compact-dealt-common.sh"
sizes_rows
N="--n 67108864 --pass-fraction 0.5"
row $N $D --lookback-diag 3
row $N $D --lookback-diag 1
row $N --lookback-diag 1
for g in 396 264 198; do row $N $D --lookback-rounds 0 --lookback-prefetch false --lookback-groups $g; done
for n in 1048576 16777216; do
  row --n $n --pass-fraction 0.5 $D --lookback-spin-limit 0
  row --n $n --pass-fraction 0.5 $D --lookback-spin-limit 0 --lookback-tail false
done
