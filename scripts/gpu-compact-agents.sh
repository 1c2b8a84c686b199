#!/bin/bash
# stable-lookback by subgroup agents (stable_lookback_agents.comp) on 2^26 f32, keep x > 0.5
# (docs/reduce_compact.md), next to the default persistent grid in the same call: lags (staged
# tiles per agent), tiles per ticket, tile rounds, group sizes and grid sizes; without the
# look-back (--lookback-diag 1) and the ticket (2), wrong on purpose: timing. --lookback-diag 3
# (exact) counts the look-back's window reads; 4 and 5 time the body with the floor's writes and
# with 16-byte stores of the staged values.
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --passes --variant stable-lookback"
row() { echo "## ${*}"; .gpu/workgroup $A "$@" | grep -E "^stable|rror|look-backs|registers|agents"; }
G="--lookback-agents true --lookback-batch 1 --lookback-local 128"
row --pass-fraction 0.5 --lookback-diag 3
row --pass-fraction 0.5 --lookback-diag 2
for lag in 3 4; do row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag $lag; done
row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag 4 --lookback-rounds 2
row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag 3 --lookback-slices 4
row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag 3 --lookback-groups 1056
row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag 3 --lookback-local 64
for d in 1 2 4 5; do row --pass-fraction 0.5 $G --lookback-diag $d --lookback-lag 3; done
for d in 2 4 5; do row --pass-fraction 0.5 $G --lookback-diag $d --lookback-lag 1 --lookback-rounds 2; done
row --pass-fraction 0.001 $G --lookback-diag 3 --lookback-lag 3
