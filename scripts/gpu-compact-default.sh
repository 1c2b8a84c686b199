#!/bin/bash
# stable-lookback's default (tiles of 3072, prefetch, 3 groups per multiprocessor) next to the
# former default (4096, no prefetch, 4 per multiprocessor: 528 groups on the H200) and `stable`,
# at four sizes; 2^26 f32, keep x > 0.5.
W=.gpu/workgroup
for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5" "1048576 0.5"; do set -- $nf
  for k in "" "--lookback-rounds 0 --lookback-prefetch false --lookback-groups 528"; do
    echo "## n=$1 pass=$2 ${k:-default}"
    $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable,stable-lookback --runs 30 $k | grep -E "^stable|rror"
  done
done
