#!/bin/bash
# Compaction diagnosis on the GPU machine: per-pass GPU times and the knobs of docs/reduce_compact.md.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --runs 30"
for k in "--variant all --passes" "--variant all --passes --windows 4" "--variant stable --passes --stage-output true" \
  "--variant stable --passes --stage-output true --stage-vec4 false" "--variant stable --passes --stage-output true --scan-coalesced true" \
  "--variant stable --passes --stage-output true --scan-coalesced true --tile-rounds 8" "--variant stable --passes --stage-output true --groups 1056" \
  "--variant stable-lookback --passes --lookback-fallback false --lookback-relaxed true" "--variant group-counter --passes --groups 1056"; do
  echo "## compact $k"; $B $A $k
done
