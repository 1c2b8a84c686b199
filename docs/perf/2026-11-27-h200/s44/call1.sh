#!/bin/bash
# Forty-fourth session, call 1: the overlap's counters with more bytes in flight.
# WG_EXP_COUNTER_LOCAL (512 / 256 invocations a counter group, tiles of 4096 either way) and
# WG_EXP_COUNTER_DEPTH (tiles whose loads are in flight at once per counter group, 2..4),
# against the kept build (wg-base), alternating twice. Registers from --passes.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5 --variant stable"
{
nvidia-smi --query-gpu=name,driver_version --format=csv
.gpu/workgroup bandwidth --mb 256 --runs 30 | tail -4
for cfg in "512 2" "512 3" "512 4" "256 2" "256 3" "256 4"; do
  set -- $cfg; echo "## registers $cfg"
  WG_EXP_COUNTER_LOCAL=$1 WG_EXP_COUNTER_DEPTH=$2 .gpu/workgroup compact --n 67108864 $A --runs 5 --passes 2>&1 | grep -E "rror|overlap" | cut -c1-220 | head -8
done
for k in 1 2; do
  for cfg in base "512 2" "512 3" "512 4" "256 2" "256 3" "256 4"; do
    if [ "$cfg" = base ]; then W=.gpu/wg-base; set -- 512 2; else W=.gpu/workgroup; set -- $cfg; fi
    echo "## $cfg round $k"
    export WG_EXP_COUNTER_LOCAL=$1 WG_EXP_COUNTER_DEPTH=$2
    $W compact --n 67108864 $A --pass-fraction 0.5 --runs 50 | grep -E "^stable|rror"
    $W compact --n 16777216 $A --pass-fraction 0.5 --runs 50 | grep -E "^stable|rror"
    $W compact --n 67108864 $A --pass-fraction 0.001 --runs 30 | grep -E "^stable|rror"
  done
done
} > $OUT/call1.txt 2>&1
