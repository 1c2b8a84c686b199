#!/bin/bash
# Thirty-seventh session, call 11: why `overlap` in place went wrong in call 10 (element 1048576,
# the first of chunk 1: the chunk's total as read). In place with the state checked, with the
# chunks' totals always computed from the partials (spin limit 0), and out of place.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
for n in 2100003 67108864; do
log $W scan --n $n --type u32 --exclusive --variant overlap --in-place --runs 3
log $W scan --n $n --type u32 --exclusive --variant overlap --in-place --runs 3 --check-state
log $W scan --n $n --type u32 --exclusive --variant overlap --in-place --runs 3 --overlap-spin-limit 0
log $W scan --n $n --type u32 --exclusive --variant overlap --in-place --runs 3 --overlap-spin-limit 1000
log $W scan --n $n --type u32 --exclusive --variant overlap --runs 3 --check-state
log $W scan --n $n --type u32 --exclusive --variant overlap --overlap-barrier --runs 3 --check-state
done
date -u
} > $out/ours.txt 2>&1
