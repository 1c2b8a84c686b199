#!/bin/bash
# Compaction diagnosis on the GPU machine: stable-lookback's knobs (next-tile prefetch, persistent
# groups), with per-pass times and registers. Called by gpu-run.sh.
B=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30"
for f in 0.5 0.001; do
  echo "## compact stable pass $f"; $B $A --pass-fraction $f --variant stable | grep -E "^stable|rror"
  for pf in true false; do for g in 396 528; do
    echo "## stable-lookback pass $f prefetch=$pf groups=$g"
    $B $A --pass-fraction $f --variant stable-lookback --lookback-prefetch $pf --lookback-groups $g --passes | grep -E "^stable|rror|passes"
  done; done
done
