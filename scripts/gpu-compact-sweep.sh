#!/bin/bash
# Compaction diagnosis on the GPU machine: stable-lookback's persistent groups and slices, at 50%
# and 0.1% passing, with per-pass times and registers, next to subgroup-ballot. Called by
# gpu-run.sh. (The direct kernels of 2026-11-23's third session were measured with this script's
# earlier form: docs/perf/2026-11-23-h200/compact-sweep-direct*.txt.)
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30"
for f in 0.5 0.001; do
  echo "## subgroup-ballot pass $f"; $B $A --pass-fraction $f --variant subgroup-ballot | grep -E "^subgroup|rror"
  for g in "" 396 660; do for s in 1 2; do
    echo "## stable-lookback pass $f groups=${g:-default} slices=$s"
    $B $A --pass-fraction $f --variant stable-lookback ${g:+--lookback-groups $g} --lookback-slices $s --passes | grep -E "^stable|rror|passes"
  done; done
done
