#!/bin/bash
# stable-lookback by subgroup agents (stable_lookback_agents.comp) on 2^26 f32, keep x > 0.5
# (docs/reduce_compact.md), next to the default persistent grid in the same call: lags (staged
# tiles per agent), tiles per ticket, tile rounds, group sizes and grid sizes; without the
# look-back (--lookback-diag 1) and the ticket (2), wrong on purpose: timing. --lookback-diag 3
# (exact) counts the look-back's window reads. --lookback-vec4 true: 16-byte stores of staged tiles.
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --passes --variant stable-lookback"
row() { echo "## ${*}"; .gpu/workgroup $A "$@" | grep -E "^stable|rror|look-backs|registers|agents"; }
G="--lookback-agents true --lookback-local 128"
V="--lookback-vec4 true"
for f in 0.5 0.001; do
  row --pass-fraction $f --lookback-diag 3
  row --pass-fraction $f --lookback-diag 3 $V
done
row --pass-fraction 0.5 --lookback-diag 2 $V
for lag in 2 3 4; do row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag $lag $V; done
row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag 3
row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag 3 $V --lookback-groups 1056
row --pass-fraction 0.5 $G --lookback-diag 2 --lookback-lag 3 $V
for lag in 2 4; do row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag $lag --lookback-rounds 2 $V; done
row --pass-fraction 0.001 $G --lookback-diag 3 --lookback-lag 3 $V
row --pass-fraction 0.5 --lookback-diag 3 --lookback-one-tile true --lookback-rounds 3 $V
for f in 0.5 0.001; do row --pass-fraction $f --lookback-diag 3 --lookback-rounds 3 --lookback-prefetch true --lookback-groups 396 $V; done
for v in false true; do echo "## stable --stage-vec4 $v"; .gpu/workgroup compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --pass-fraction 0.5 --variant stable --stage-vec4 $v | grep -E "^stable"; done
