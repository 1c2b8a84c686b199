#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
for rep in 1 2; do
 for mb in 256; do
  echo "### A mb=$mb"; .gpu/wg-a bandwidth --mb $mb --runs 30 2>&1 | grep "copy kernel"
  for per in 1 2; do echo "### oneshot per=$per"; WG_EXP_PER=$per .gpu/wg-b bandwidth --mb $mb --runs 30 2>&1 | grep "copy kernel"; done
  echo "### read blocks per=1"; WG_EXP_READ=blocks WG_EXP_PER=1 .gpu/wg-b bandwidth --mb $mb --runs 30 2>&1 | grep "read kernel"
  for c in ticket dealt; do for gpm in 8 16; do for per in 1 2 4; do
    echo "### $c gpm=$gpm per=$per"; WG_EXP_COPY=$c WG_EXP_GPM=$gpm WG_EXP_PER=$per .gpu/wg-b bandwidth --mb $mb --runs 30 2>&1 | grep "copy kernel"
  done; done; done
 done
 for per in 1 2; do echo "### stretch per=$per"; WG_EXP_PER=$per .gpu/wg-b levels --synthetic 8192x8192:natural -o /tmp/l.png --runs 30 2>&1 | grep -E "matches|^stretch"; done
done
} > $out/bw3.txt
