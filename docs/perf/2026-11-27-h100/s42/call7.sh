#!/bin/bash
# Forty-second session, call 7: how often a process runs `stable` (2^26 f32, 50%) in the slow
# mode seen in call 6 (0.4256 ms where the others took 0.19): 16 processes with the overlapping
# passes (the default on NVIDIA) and 8 without (--stable-overlap 0), interleaved, each with
# --passes; then 8 more with the overlap right after a `bandwidth --mb 256` process, as in call 6.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
c() { $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 20 --passes "$@" 2>&1 | grep -E "^stable|^passes|error" | cut -c1-120; }
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for i in 1 2 3 4 5 6 7 8; do
  echo "== $i overlap"; c
  echo "== $i overlap"; c
  echo "== $i two passes"; c --stable-overlap 0
done
for i in 1 2 3 4 5 6 7 8; do
  $W bandwidth --mb 256 --runs 30 > /dev/null 2>&1
  echo "== $i overlap after bandwidth"; c
done
} > $out/call7.txt 2>&1
