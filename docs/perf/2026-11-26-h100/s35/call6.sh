#!/bin/bash
# Call 6: the committed binary's `--internals` with scripts/nvidia-sass on the sort, as a user
# would run them (the check of the final form).
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
.gpu/workgroup --internals /tmp/k sort --n 1000000 --variant radix,onesweep --runs 3
python3 scripts/nvidia-sass /tmp/k; echo "rc=$?"
python3 scripts/nvidia-sass /tmp/nothing-here; echo "rc=$?"
ls /tmp/k | head -30
} > $out/call6.txt 2>&1
