#!/bin/bash
# Compaction diagnosis on the GPU machine: per-pass GPU times and stable-lookback's knobs (memory
# model, persistent groups, diagnosis without the look-back / the ticket). Called by gpu-run.sh.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --runs 30"
echo "## compact --variant all --passes"; $B $A --variant all --passes
for vk in false true; do
  for g in 132 264 528 792 1056 65535; do
    echo "## stable-lookback vkmm=$vk groups=$g"
    $B $A --variant stable-lookback --lookback-vkmm $vk --lookback-groups $g | grep -E "^stable|rror"
  done
done
for d in 1 2; do for g in 528 65535; do
  echo "## stable-lookback diag=$d groups=$g"
  $B $A --variant stable-lookback --lookback-diag $d --lookback-groups $g | grep -E "^stable|rror"
done; done
echo "## stable-lookback passes"; $B $A --variant stable-lookback --passes --lookback-fallback false
