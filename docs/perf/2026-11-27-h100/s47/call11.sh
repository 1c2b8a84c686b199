#!/bin/bash
# Forty-seventh session, call 11 (a fresh machine): as call 9, with a slowed clock met by
# 100 ms of warm-up in bursts of about 10 ms of GPU work (one submission each) and a new probe (up to 3 s); every warm-up now in such bursts, and nvidia-smi also sampling the
# clocks' event reasons and the temperature. This build (.gpu/workgroup) alternates with the build
# before the probe (.gpu/wg-base), 8 processes each of `stable` at 2^26.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
W=.gpu/workgroup; B=.gpu/wg-base
q=timestamp,clocks.sm,power.draw,utilization.gpu,temperature.gpu,clocks_event_reasons.active
nvidia-smi --query-gpu=$q --format=csv > /dev/null 2>&1 || q=timestamp,clocks.sm,power.draw,utilization.gpu,temperature.gpu,clocks_throttle_reasons.active
nvidia-smi --query-gpu=$q --format=csv -lms 20 > $OUT/clocks.csv 2>&1 &
smi=$!
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for k in $(seq 1 8); do
  for X in $W $B; do
    echo "## $k $X $(date +%T.%N | cut -c1-12)"
    WORKGROUP_CLOCK_TRACE=1 $X compact --n 67108864 $A --variant stable,tile-atomic --runs 50 2>&1 | grep -E "^stable|^tile|rror|clock|note"
  done
done
echo "## every op once with the burst warm-up (each row checked against the CPU) $(date +%T.%N | cut -c1-12)"
$W sort --n 16777216 --type u32 --runs 30 2>&1 | grep -E "^radix|^onesweep|rror|note" | cut -c1-90
$W sort --n 16777216 --type f32 --indices --runs 20 2>&1 | grep -E "^radix|^onesweep|rror|note" | cut -c1-90
$W scan --n 67108864 --type u32 --op sum --exclusive --variant all --runs 30 2>&1 | grep -E "^[a-z-]+ +[0-9]|rror|note" | cut -c1-90
$W reduce --n 268435456 --type f32 --op sum --variant all --runs 30 2>&1 | grep -E "^[a-z-]+ +[0-9]|rror|note" | cut -c1-110
$W histogram --synthetic 8192x8192:natural --variant all --runs 30 2>&1 | grep -E "^\| [a-z]|rror|note" | cut -c1-110
$W blur --synthetic 4096x4096:natural --filter 15 --variant all --runs 20 2>&1 | grep -E "^\| [a-z]|^[a-z-]+ +[0-9]|rror|note" | cut -c1-110
$W particles --n 1048576 --frames 600 --runs 5 2>&1 | tail -4
$W gray --synthetic 8192x8192:natural --runs 20 2>&1 | tail -4
echo "## reasons (nvidia-smi -q -d PERFORMANCE) $(date +%T.%N | cut -c1-12)"
nvidia-smi -q -d PERFORMANCE | head -30
} > $OUT/call11.txt 2>&1
kill $smi
