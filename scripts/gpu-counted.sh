#!/bin/bash
# The records counted on the GPU (`record_counted`), on the GPU machine: the study's `counted`
# rows (each op with n from the host and counted, at K = C/2 + 3 of a capacity C), then A/B runs of
# the kernels the counted form changed, against .gpu/workgroup-old where it was carried (the
# binary of the commit before). Usage: bash scripts/gpu-counted.sh (after gpu-run.sh's set-up).
set -u
W=.gpu/workgroup
O=.gpu/workgroup-old
out=${OUT:-/tmp/out}
mkdir -p "$out"
log() { echo "### $*"; "$@"; }
log $W study --ops counted --runs 20 --out "$out/study-counted"
for round in 1 2; do
  for b in $O $W; do
    [ -x $b ] || continue
    log $b sort --n 67108864 --type f32 --variant radix,onesweep --runs 20
    log $b sort --n 16777216 --type f32 --variant radix,onesweep --runs 20
    log $b sort --n 67108864 --type f32 --variant radix,onesweep --indices --runs 20
    log $b scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 30
    log $b reduce --n 268435456 --type f32 --variant single-pass --runs 30
    log $b compact --n 67108864 --type f32 --variant stable --runs 30
    log $b compact --n 67108864 --type f32 --variant stable --stable-passes 3 --runs 30
  done
done
