#!/bin/bash
# Call 11: does `stable` fall into the slow mode call 9 saw once (0.55 ms at 2^26, with the tried
# build)? The kept build (wg-after, the session's last), 12 processes in a row.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
date -u
for i in $(seq 1 12); do .gpu/wg-after compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 20 | grep "^stable"; done
date -u
} > $out/call11.txt 2>&1
