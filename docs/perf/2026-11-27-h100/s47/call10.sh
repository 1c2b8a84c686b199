#!/bin/bash
# Forty-seventh session, call 10 (a fresh machine): as call 9, with a slowed clock met by
# idling 250 ms, a 20 ms warm-up and a new probe (up to 3 s), and nvidia-smi also sampling the
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
echo "## reasons (nvidia-smi -q -d PERFORMANCE) $(date +%T.%N | cut -c1-12)"
nvidia-smi -q -d PERFORMANCE | head -30
} > $OUT/call10.txt 2>&1
kill $smi
