#!/bin/bash
# Compaction diagnosis on the GPU machine: stable-lookback's staged kernel against the direct one
# (--lookback-direct), persistent groups and group size, at 50% and 0.1% passing. Called by
# gpu-run.sh.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30"
for f in 0.5 0.001; do
  echo "## subgroup-ballot pass $f"; $B $A --pass-fraction $f --variant subgroup-ballot | grep -E "^subgroup|rror"
  echo "## stable-lookback staged pass $f"; $B $A --pass-fraction $f --variant stable-lookback --passes | grep -E "^stable|rror|passes|  "
  for local in 256 512; do for g in "" 528 1056 2112 16384; do
    echo "## stable-lookback direct pass $f local=$local groups=${g:-default}"
    $B $A --pass-fraction $f --variant stable-lookback --lookback-direct true --lookback-local $local ${g:+--lookback-groups $g} --passes | grep -E "^stable|rror|passes|  "
  done; done
done
