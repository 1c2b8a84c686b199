#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
log() { echo "### $*"; "$@" 2>&1; }
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for rep in 1 2; do
for mb in 256 1024; do
  for c in "" r u4 u4r once; do
    for gpm in 8 16; do
      [ "$c" = once ] && [ $gpm = 16 ] && continue
      echo "### copy=$c gpm=$gpm mb=$mb"; WG_EXP_COPY=$c WG_EXP_GPM=$gpm .gpu/wg-a bandwidth --mb $mb --runs 30 2>&1 | grep -E "copy kernel|read kernel"
    done
  done
done
done
} > $out/copy.txt
{
for rep in 1 2; do
for w in a b; do
  W=.gpu/wg-$w
  echo "######## binary $w rep $rep"
  log $W scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 30
  log $W scan --n 67108864 --type f32 --variant single-pass --runs 30
  log $W compact --n 67108864 --type f32 --variant stable --runs 30
  log $W sort --n 67108864 --type u32 --variant radix,onesweep --runs 20
  log $W sort --n 16777216 --type f32 --variant radix --runs 20
  log $W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 30
  log $W gray --synthetic 8192x8192:natural --variant vec4 --runs 30
  log $W histogram --synthetic 8192x8192:natural --variant fastest --runs 30
done
done
} > $out/ab.txt
