#!/bin/bash
# Forty-second session, call 8: on a fresh machine, the first processes timing `stable` (2^26 f32,
# 50%) with the warm-up of commit d6b4af9 (0.5 s of wall time on GPUs whatever the work), with
# the GPU's clocks sampled every 20 ms by nvidia-smi meanwhile (clocks.csv), each process's start
# and end time in call8.txt.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
nvidia-smi --query-gpu=timestamp,pstate,clocks.sm,clocks.mem,power.draw,utilization.gpu --format=csv,noheader -lms 20 > $out/clocks.csv 2>&1 &
smi=$!
sleep 1
W=.gpu/workgroup
{
for i in 1 2 3 4 5 6; do
  echo "== $i start $(date +%T.%N)"
  $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 20 --passes 2>&1 | grep -E "^stable|^passes: stable|error" | cut -c1-120
  echo "== $i end $(date +%T.%N)"
done
for n in 1048576 67108864; do
  echo "== sort $n start $(date +%T.%N)"
  $W sort --n $n --variant radix,onesweep --runs 30 | grep -E "^(radix|onesweep) " | cut -c1-60
done
echo "== end $(date +%T.%N)"
} > $out/call8.txt 2>&1
sleep 1; kill $smi
