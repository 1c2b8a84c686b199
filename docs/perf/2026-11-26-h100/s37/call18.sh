#!/bin/bash
# Thirty-seventh session, call 18: the striped tile's two halves shared by reduce-then-scan and
# overlap (glsl/include/scan_striped_store.glsl; .gpu/wg-new) against the kept kernels
# (.gpu/workgroup, commit d15a897), alternating twice; the machine code's spills.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
log() { echo "### $*"; "$@"; }
{
date -u
for B in .gpu/workgroup .gpu/wg-new; do
  rm -rf /tmp/k; $B --internals /tmp/k scan --n 1048576 --type u32 --exclusive --variant overlap,reduce-then-scan --runs 3 > /dev/null
  echo "$B"; python3 scripts/nvidia-sass /tmp/k | grep -v '^ *$' | grep 'scan\.'; grep -c 'STL\|LDL' /tmp/k/*.sass
done
for round in 1 2; do for B in .gpu/workgroup .gpu/wg-new; do
  for n in 1048576 16777216 67108864 268435456; do
    log $B scan --n $n --type u32 --exclusive --variant reduce-then-scan,overlap --runs 30 | grep -E '^(reduce|overlap)'
  done
  log $B scan --n 67108864 --type f32 --variant reduce-then-scan,overlap --runs 30 | grep -E '^(reduce|overlap)'
done; done
date -u
} > $out/ours.txt 2>&1
