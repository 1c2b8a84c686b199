#!/bin/bash
# Thirty-seventh session, call 12: how often `overlap` in place goes wrong (call 10: once; call 11:
# never in a few short runs): many processes of 30 runs, as call 10, with and without the state
# check, and with the chunks' totals always computed from the partials (spin limit 0).
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
for i in 1 2 3 4 5 6; do
  log $W scan --n 67108864 --type u32 --exclusive --variant reduce-then-scan,overlap,single-pass --in-place --runs 30
  log $W scan --n 67108864 --type u32 --exclusive --variant overlap --in-place --runs 30 --check-state
  log $W scan --n 67108864 --type u32 --exclusive --variant overlap --in-place --runs 30 --overlap-spin-limit 0
done
date -u
} > $out/ours.txt 2>&1
