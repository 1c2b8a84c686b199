#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,temperature.gpu --format=csv
for rep in 1 2; do
 for w in a b; do
  for mb in 256 1024 4095; do echo "### $w bandwidth $mb"; .gpu/wg-$w bandwidth --mb $mb --runs 30 2>&1 | grep -E "kernel|vkCmd"; done
  for sz in 8192x8192 4096x4096 2048x2048 1000x1000; do echo "### $w gray $sz"; .gpu/wg-$w gray --synthetic $sz:natural --variant vec4 --runs 30 2>&1 | grep -E "^vec4"; done
  for sz in 8192x8192 4096x4096 1920x1080; do echo "### $w levels $sz"; .gpu/wg-$w levels --synthetic $sz:natural -o /tmp/l.png --runs 30 2>&1 | grep -E "matches|^stretch|^frame"; done
 done
done
echo "### b reduce 2^28 f32 (read reference)"; .gpu/wg-b reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 30 2>&1 | grep -E "^single"
echo "### b histogram 8192 natural"; .gpu/wg-b histogram --synthetic 8192x8192:natural --variant fastest --runs 30 2>&1 | grep -E "^fastest"
} > $out/final.txt
