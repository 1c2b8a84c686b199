#!/bin/bash
# Compaction diagnosis on the GPU machine: stable-lookback's staged kernel against the direct one
# (--lookback-direct), persistent groups and group size, at 50% and 0.1% passing. Called by
# gpu-run.sh.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30"
for f in 0.5 0.001; do
  echo "## subgroup-ballot pass $f"; $B $A --pass-fraction $f --variant subgroup-ballot | grep -E "^subgroup|rror"
  echo "## stable-lookback staged pass $f"; $B $A --pass-fraction $f --variant stable-lookback | grep -E "^stable|rror"
  for local in 256 512; do for g in "" 264 396 792 16384; do
    echo "## stable-lookback direct pass $f local=$local groups=${g:-default}"
    $B $A --pass-fraction $f --variant stable-lookback --lookback-direct true --lookback-local $local ${g:+--lookback-groups $g} | grep -E "^stable|rror"
  done; done
  for d in 1 2; do
    echo "## stable-lookback direct pass $f diag $d (no look-back; 2: no ticket)"
    $B $A --pass-fraction $f --variant stable-lookback --lookback-direct true --lookback-diag $d --passes | grep -E "^stable|rror|passes"
  done
done
