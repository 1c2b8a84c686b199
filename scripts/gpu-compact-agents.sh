#!/bin/bash
# stable-lookback by subgroup agents (stable_lookback_agents.comp) on 2^26 f32, keep x > 0.5
# (docs/reduce_compact.md), next to the default persistent grid in the same call: lags (staged
# tiles per agent), tiles per ticket, tile rounds, group sizes and grid sizes; without the
# look-back (--lookback-diag 1) and the ticket (2), wrong on purpose: timing. --lookback-diag 3
# (exact) counts the look-back's window reads.
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --passes --variant stable-lookback"
row() { echo "## ${*}"; .gpu/workgroup $A "$@" | grep -E "^stable|rror|look-backs|registers|agents"; }
G="--lookback-agents true --lookback-diag 3"
row --pass-fraction 0.5 --lookback-diag 3
for lag in 1 2 3; do
  for b in 1 4; do row --pass-fraction 0.5 $G --lookback-local 128 --lookback-lag $lag --lookback-batch $b; done
done
row --pass-fraction 0.5 $G --lookback-local 128 --lookback-lag 2 --lookback-batch 8
row --pass-fraction 0.5 $G --lookback-local 128 --lookback-lag 2 --lookback-batch 4 --lookback-rounds 2
row --pass-fraction 0.5 $G --lookback-local 128 --lookback-lag 4 --lookback-batch 4 --lookback-rounds 2
row --pass-fraction 0.5 $G --lookback-local 64 --lookback-lag 2 --lookback-batch 4
row --pass-fraction 0.5 $G --lookback-local 256 --lookback-lag 2 --lookback-batch 4
for g in 528 1056; do row --pass-fraction 0.5 $G --lookback-local 128 --lookback-lag 2 --lookback-batch 4 --lookback-groups $g; done
row --pass-fraction 0.5 $G --lookback-local 128 --lookback-lag 2 --lookback-batch 4 --lookback-slices 4
for d in 1 2; do row --pass-fraction 0.5 --lookback-agents true --lookback-diag $d --lookback-local 128 --lookback-lag 2 --lookback-batch 4; done
row --pass-fraction 0.001 --lookback-diag 3
row --pass-fraction 0.001 $G --lookback-local 128 --lookback-lag 2 --lookback-batch 4
