#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do
 for sz in 1024x1024 2048x2048 3072x3072 4096x4096 8192x8192; do
  echo "### a gray $sz"; .gpu/wg-a gray --synthetic $sz:natural --variant vec4 --runs 30 2>&1 | grep -E "^vec4"
  for per in 1 2 4; do echo "### x per=$per gray $sz"; WG_EXP_PER=$per .gpu/wg-x gray --synthetic $sz:natural --variant vec4 --runs 30 2>&1 | grep -E "^vec4"; done
 done
 for sz in 2048x2048 3072x3072; do
  echo "### a levels $sz"; .gpu/wg-a levels --synthetic $sz:natural -o /tmp/l.png --runs 30 2>&1 | grep -E "^stretch"
  for per in 1 2; do echo "### x per=$per levels $sz"; WG_EXP_PER=$per .gpu/wg-x levels --synthetic $sz:natural -o /tmp/l.png --runs 30 2>&1 | grep -E "^stretch"; done
 done
 for mb in 16 64; do
  echo "### a bw $mb"; .gpu/wg-a bandwidth --mb $mb --runs 30 2>&1 | grep -E "copy kernel"
  for per in 1 2; do echo "### x per=$per bw $mb"; WG_EXP_PER=$per .gpu/wg-x bandwidth --mb $mb --runs 30 2>&1 | grep -E "copy kernel"; done
 done
done
} > $out/small.txt
