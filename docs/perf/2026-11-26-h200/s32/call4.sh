#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,temperature.gpu --format=csv
for rep in 1 2; do
  for t in 0 1; do
    for n in 67108864 33554432 16777216 1048576; do
      echo "### tickets=$t n=$n"; WG_EXP_TICKETS=$t .gpu/wg-b compact --n $n --type f32 --variant stable --runs 30 2>&1 | grep -E "^stable"
    done
    for pf in 0.001 1; do echo "### tickets=$t n=2^26 pf=$pf"; WG_EXP_TICKETS=$t .gpu/wg-b compact --n 67108864 --type f32 --pass-fraction $pf --variant stable --runs 30 2>&1 | grep -E "^stable"; done
  done
  for c in 100 120 166 198; do for t in 0 1; do echo "### tickets=$t counters=$c"; WG_EXP_TICKETS=$t .gpu/wg-b compact --n 67108864 --type f32 --variant stable --stable-overlap $c --runs 30 2>&1 | grep -E "^stable"; done; done
done
echo "### A main n=2^26"; .gpu/wg-a compact --n 67108864 --type f32 --variant stable --runs 30 2>&1 | grep -E "^stable"
echo "### alternate check tickets"; WG_EXP_TICKETS=1 .gpu/wg-b compact --n 67108864 --type f32 --variant stable --alternate-check 8 --runs 3 2>&1 | grep -E "^stable"
WG_EXP_TICKETS=1 .gpu/wg-b compact --n 3000017 --type f32 --variant stable --alternate-check 8 --runs 3 2>&1 | grep -E "^stable"
} > $out/tickets.txt
