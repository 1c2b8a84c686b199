#!/bin/bash
# stable-lookback by subgroup agents (stable_lookback_agents.comp) on 2^26 f32, keep x > 0.5
# (docs/reduce_compact.md), next to the default persistent grid in the same call: lags (staged
# tiles per agent), tiles per ticket, tile rounds, group sizes and grid sizes; without the
# look-back (--lookback-diag 1) and the ticket (2), wrong on purpose: timing. --lookback-diag 3
# (exact) counts the look-back's window reads. --lookback-vec4 true: 16-byte stores of staged tiles.
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --passes --variant stable-lookback"
row() { echo "## ${*}"; .gpu/workgroup $A "$@" | grep -E "^stable|rror|look-backs|registers|agents"; }
G="--lookback-agents true --lookback-local 128"
row --pass-fraction 0.5 $G --lookback-diag 3 --lookback-lag 3 --lookback-groups 1056
for f in 0.5 0.001; do row --pass-fraction $f --lookback-diag 3 --lookback-rounds 3 --lookback-prefetch true --lookback-groups 396; done
for n in 16777216 1048576; do
  for k in "" "--lookback-rounds 3 --lookback-prefetch true --lookback-groups 396"; do echo "## n=$n $k"; .gpu/workgroup compact --n $n --type f32 --pred gt:0.5 --runs 30 --pass-fraction 0.5 --variant stable-lookback $k | grep -E "^stable"; done
done
