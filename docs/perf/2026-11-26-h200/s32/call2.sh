#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2; do
 for mb in 256 1024; do
  echo "### A mb=$mb"; .gpu/wg-a bandwidth --mb $mb --runs 30 2>&1 | grep kernel
  for per in 1 2 4 8; do echo "### B per=$per mb=$mb"; WG_EXP_PER=$per .gpu/wg-b bandwidth --mb $mb --runs 30 2>&1 | grep kernel; done
  for per in 2 4 8; do echo "### B read=blocks per=$per mb=$mb"; WG_EXP_READ=blocks WG_EXP_PER=$per .gpu/wg-b bandwidth --mb $mb --runs 30 2>&1 | grep "read kernel"; done
 done
done
} > $out/bw.txt
{
for rep in 1 2; do
 for sz in 8192x8192 4096x4096 2048x2048; do
  echo "### A gray $sz"; .gpu/wg-a gray --synthetic $sz:natural --variant vec4 --runs 30 2>&1 | grep -E "^vec4"
  for per in 1 2 4 8; do echo "### B per=$per gray $sz"; WG_EXP_PER=$per .gpu/wg-b gray --synthetic $sz:natural --variant vec4 --runs 30 2>&1 | grep -E "^vec4"; done
 done
 for sz in 8192x8192 4096x4096; do
  echo "### A levels $sz"; .gpu/wg-a levels --synthetic $sz:natural -o /tmp/l.png --runs 30 2>&1 | grep -E "matches|^stretch|^frame"
  for per in 2 4 8; do echo "### B per=$per levels $sz"; WG_EXP_PER=$per .gpu/wg-b levels --synthetic $sz:natural -o /tmp/l.png --runs 30 2>&1 | grep -E "matches|^stretch|^frame"; done
 done
done
} > $out/ops.txt
