#!/bin/bash
# Second call of the look-back wait sweep (scripts/gpu-compact-wait.sh): one tile per workgroup in
# other shapes (512 invocations; tiles of 2048) with and without a first wait, next to the
# candidate persistent grid.
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --passes --variant stable-lookback"
row() { echo "## ${*}"; .gpu/workgroup $A "$@" | grep -E "^stable|rror|look-backs|registers|passes"; }
C="--lookback-rounds 3 --lookback-prefetch true --lookback-groups 396"
f=--pass-fraction
row $f 0.5 $C
for shape in "--lookback-local 512 --lookback-rounds 2" "--lookback-local 512 --lookback-rounds 1" "--lookback-rounds 2" "--lookback-local 512 --lookback-rounds 3"; do
  for w in 0 1000 2000; do row $f 0.5 --lookback-one-tile true $shape --lookback-wait-first $w; done
done
for w in 1000 1500 2000; do row $f 0.5 --lookback-one-tile true --lookback-rounds 3 --lookback-wait-first $w --lookback-diag 3; done
row $f 0.5 $C --lookback-diag 3
row $f 0.5 $C --lookback-diag 1
row $f 0.5 $C
