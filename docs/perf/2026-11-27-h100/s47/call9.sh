#!/bin/bash
# Forty-seventh session, call 9 (a fresh machine): the shader-core clock probe. Every GPU
# measurement now probes the SM clock (the subgroup clock against GPU timestamps) before its first
# warm-up, after the warm-up (waiting, up to 3 s more, while it is below 0.9 of the highest seen)
# and after the timed runs (WORKGROUP_CLOCK_TRACE=1 prints the probes). This build
# (.gpu/workgroup) alternates with the build before it (.gpu/wg-base) over 12 processes each of
# `stable` at 2^26, nvidia-smi sampling the clocks every 20 ms beside them.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
W=.gpu/workgroup; B=.gpu/wg-base
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,utilization.gpu --format=csv -lms 20 > $OUT/clocks.csv 2>&1 &
smi=$!
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for k in $(seq 1 12); do
  for X in $W $B; do
    echo "## $k $X $(date +%T.%N | cut -c1-12)"
    WORKGROUP_CLOCK_TRACE=1 $X compact --n 67108864 $A --variant stable --runs 50 2>&1 | grep -E "^stable|rror|clock"
  done
done
echo "## bandwidth $(date +%T.%N | cut -c1-12)"
WORKGROUP_CLOCK_TRACE=1 $W bandwidth --mb 256 --runs 20 2>&1
echo "## sort and reduce with the trace"
WORKGROUP_CLOCK_TRACE=1 $W sort --n 16777216 --type u32 --variant radix --runs 30 2>&1 | grep -E "^radix|clock|rror" | cut -c1-120
WORKGROUP_CLOCK_TRACE=1 $W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 30 2>&1 | grep -E "^single|clock|rror" | cut -c1-120
} > $OUT/call9.txt 2>&1
kill $smi
