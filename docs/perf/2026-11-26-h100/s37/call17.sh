#!/bin/bash
# Thirty-seventh session, call 17: the kept `stable` compaction (plain first reads of the
# overlap's words) under many fresh inputs through one compactor, each checked
# (--alternate-check: sizes n and n/3 + 1, 50% / 90% / 10% / 0.1% kept), and the scan's overlap
# the same way (--repeat).
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 10 --alternate-check 120
log $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 10 --alternate-check 300
log $W compact --n 1000003 --type u32 --pred even --pass-fraction 0.5 --variant stable --runs 10 --alternate-check 300
log $W scan --n 16777216 --type f32 --variant overlap --runs 3 --repeat 200
log $W scan --n 1000003 --type u32 --exclusive --variant overlap --runs 3 --repeat 300
date -u
} > $out/ours.txt 2>&1
