#!/bin/bash
# Forty-fifth session, call 3 (same build): the first variant of a process at 2^28 (slow in calls
# 1-2): alone, twice in one process, and with a 3 s warm-up; nvidia-smi samples the clocks.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--n 268435456 --type f32 --pred gt:0.5 --pass-fraction 0.5 --runs 20"
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw --format=csv -lms 50 > $OUT/clocks.csv &
S=$!
{
for k in 1 2; do
  echo "## alone ($k)"; date +%T.%N; .gpu/workgroup compact $A --variant tile-atomic | grep -E "^tile|rror"
  echo "## twice ($k)"; date +%T.%N; .gpu/workgroup compact $A --variant tile-atomic,tile-atomic | grep -E "^tile|rror"
  echo "## warm-up 3000 runs ($k)"; date +%T.%N; .gpu/workgroup compact $A --variant tile-atomic --warmup 3000 | grep -E "^tile|rror"
  echo "## 2^26 alone ($k)"; date +%T.%N; .gpu/workgroup compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --runs 20 --variant tile-atomic | grep -E "^tile|rror"
done
date +%T.%N
} > $OUT/call3.txt 2>&1
kill $S
