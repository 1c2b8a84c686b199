#!/bin/bash
# stable-lookback's two fallbacks on the GPU: with --lookback-spin-limit 0 every tile after the
# first gives up at once, so the fallback writes the result (the in-kernel tail: one group
# compacts everything after the first tile; the recorded one: stable's three passes). Every row
# must say "yes" and print the note that the look-back gave up. Slow on purpose (timing is not
# the point), f32 keep x > 0.5.
W=.gpu/workgroup
for n in 1048576 16777216; do
  for tail in true false; do
    for k in "" "--lookback-one-tile true" "--lookback-agents true --lookback-local 128"; do
      echo "## n=$n tail=$tail $k"
      $W compact --n $n --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable-lookback --runs 3 --warmup 1 --lookback-spin-limit 0 --lookback-tail $tail $k 2>&1 | grep -E "^stable|note|rror"
    done
  done
done
