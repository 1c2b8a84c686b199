#!/bin/bash
# Thirty-seventh session, call 2: `overlap` with each chunk's last tile publishing the chunk's
# total before it waits for anything (call 1's build published it at its end: a chain from chunk
# to chunk), next to reduce-then-scan and the single pass.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
log $W bandwidth --mb 256 --runs 50
for round in 1 2; do
  if [ $round = 1 ]; then V=reduce-then-scan,overlap,single-pass; else V=single-pass,overlap,reduce-then-scan; fi
  for n in 1048576 16777216 67108864 268435456; do
    log $W scan --n $n --type u32 --exclusive --variant $V --runs 30
  done
  log $W scan --n 67108864 --type f32 --variant $V --runs 30
done
log $W scan --n 67108864 --type u32 --exclusive --variant overlap --overlap-barrier --runs 30
for r in 66 264 396; do log $W scan --n 67108864 --type u32 --exclusive --variant overlap --reducers $r --runs 30; done
log $W scan --n 67108864 --type u32 --exclusive --variant overlap,single-pass --in-place --runs 30
date -u
} > $out/ours.txt 2>&1
