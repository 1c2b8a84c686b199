#!/bin/bash
# Thirty-seventh session, call 15: `overlap` with plain first reads of its set and words
# (.gpu/wg-plain, as commit 371a87e) against coherent ones (.gpu/workgroup): many fresh inputs in
# a row through one scanner, each checked (--repeat: a run must not see an earlier run's words),
# and the times, alternating.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
log() { echo "### $*"; "$@"; }
{
date -u
for W in .gpu/wg-plain .gpu/workgroup; do
  log $W scan --n 16777216 --type u32 --exclusive --variant overlap --runs 3 --repeat 60 | grep -v ': ours'
  log $W scan --n 16777216 --type u32 --exclusive --variant overlap --runs 3 --repeat 30 --in-place | grep -v ': ours'
  log $W scan --n 67108864 --type u32 --exclusive --variant overlap --runs 3 --repeat 30 | grep -v ': ours'
done
for round in 1 2; do
for W in .gpu/wg-plain .gpu/workgroup; do
  for n in 16777216 67108864 268435456; do
    log $W scan --n $n --type u32 --exclusive --variant overlap,single-pass --runs 30 | grep -E '^(overlap|single)'
  done
done; done
date -u
} > $out/ours.txt 2>&1
