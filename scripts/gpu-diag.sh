#!/bin/bash
# Quick diagnosis on the GPU machine: per-pass compaction times, the fastest kernels' current
# numbers. Usage there (after ../shared/tools/gpu-prep): bash scripts/gpu-diag.sh
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
log nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
log $W bandwidth --mb 1024 --runs 20
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 20"
log $W $A --pass-fraction 0.5 --variant all --passes
log $W $A --pass-fraction 0.001 --variant all --passes
log $W $A --pass-fraction 0.5 --variant stable --passes --stage-output false --scan-coalesced false
log $W $A --pass-fraction 0.5 --variant stable-lookback --passes --lookback-fallback false
for kind in natural flat random; do
  log $W histogram --synthetic 8192x8192:$kind --variant fastest --runs 50
done
log $W blur --synthetic 4096x4096:natural --filter 15 --variant fastest,separable --runs 30
} 2>&1 | tee "${OUT:-/tmp}/diag.txt"
