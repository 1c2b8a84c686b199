#!/bin/bash
# Tuning run on the GPU machine (after ../shared/tools/gpu-prep): compaction with every variant
# (a fresh device per variant) and the histogram's fastest knobs. Results in $OUT/tune.txt.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 20"
log $W $A --pass-fraction 0.5 --variant all --passes
log $W $A --pass-fraction 0.001 --variant all
for kind in flat natural random; do
  for cfg in "1024 264 4 false" "1024 264 2 true" "1024 264 4 true" "512 528 2 true" "1024 528 2 true" "512 1056 2 true" "256 1056 2 true" "512 1056 4 false"; do set -- $cfg
    echo "## fastest $kind wg=$1 groups=$2 loads=$3 prefetch=$4"
    $W histogram --synthetic 8192x8192:$kind --variant fastest,cpu-par --wg $1 --groups $2 --loads $3 --prefetch $4 --runs 30 | grep -E "^\| fastest"
  done
done
} 2>&1 | tee "${OUT:-/tmp}/tune.txt"
