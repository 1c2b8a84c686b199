#!/bin/bash
# stable-lookback with look-back waits on the subgroup clock (--lookback-wait-first: ticks before
# a walk's first read, as CUB's select waits ~1.1 us with __nanosleep; --lookback-wait-poll: before
# re-reading a window that held an unpublished tile), on 2^26 f32, keep x > 0.5, next to the
# default and the candidate persistent grid in the same call. H200 SM clock ~1.98 GHz: 2000 ticks
# ~ 1 us. --lookback-diag 3 rows (exact) count the walks' window reads; 1 (wrong on purpose) times
# the kernel without its look-back.
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --passes --variant stable-lookback"
row() { echo "## ${*}"; .gpu/workgroup $A "$@" | grep -E "^stable|rror|look-backs|registers|passes"; }
C="--lookback-rounds 3 --lookback-prefetch true --lookback-groups 396"
T="--lookback-one-tile true --lookback-rounds 3"
T4="--lookback-one-tile true --lookback-rounds 4"
f=--pass-fraction
row $f 0.5
row $f 0.5 $C
for w in 0 1000 2000 3000 4500 6000; do row $f 0.5 $T --lookback-wait-first $w; done
row $f 0.5 $T --lookback-wait-poll 200
row $f 0.5 $T --lookback-wait-first 2000 --lookback-wait-poll 200
row $f 0.5 $T --lookback-wait-first 3000 --lookback-wait-poll 400
for w in 0 2000 3000 4500; do row $f 0.5 $T4 --lookback-wait-first $w; done
row $f 0.5 --lookback-wait-poll 200
row $f 0.5 --lookback-wait-first 1000
row $f 0.5 $C --lookback-wait-poll 200
row $f 0.5 $C --lookback-wait-first 1000
row $f 0.5 $T --lookback-diag 3
row $f 0.5 $T --lookback-diag 3 --lookback-wait-first 3000
row $f 0.5 $T --lookback-diag 1
for w in 0 2000 3000; do row $f 0.001 $T --lookback-wait-first $w; done
row $f 0.001
row $f 0.001 $C
