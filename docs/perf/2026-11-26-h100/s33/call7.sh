#!/bin/bash
# Thirty-third session, call 7: stable-lookback's finish_group with a fence in every invocation
# before the barrier that precedes the group's count (wg-fence) against a fence in invocation 0
# after it (wg-final, 9a0e9c5), alternating three times; every row checked against the CPU.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2 3; do
 for w in final fence; do
  for n in 1048576 16777216 67108864; do
   echo "### $w stable-lookback $n 50%"; .gpu/wg-$w compact --n $n --type f32 --variant stable-lookback --runs 30 2>&1 | grep -E "^stable" | cut -c1-90
  done
  echo "### $w stable-lookback 2^26 0.1%"; .gpu/wg-$w compact --n 67108864 --type f32 --pass-fraction 0.001 --variant stable-lookback --runs 30 2>&1 | grep -E "^stable" | cut -c1-90
 done
done
} > $out/call7.txt 2>&1
cat $out/call7.txt
