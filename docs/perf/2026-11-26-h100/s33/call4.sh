#!/bin/bash
# Thirty-third session, call 4: in place on a GPU the walks only wait (no fallback, so no fence
# before the outputs): wg-wait (the build after 0c84ead with that change) in place and out of
# place, alternating with wg-new (0c84ead, the fence in every invocation); --stuck-polls 0 (every
# stuck walk falls back at once out of place; in place it waits) checked both ways.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do
 for w in wait new; do
  for n in 16777216 67108864 268435456; do
   for mode in "" "--in-place"; do
    echo "### $w single-pass u32 exclusive $n $mode"; .gpu/wg-$w scan --n $n --type u32 --exclusive --variant single-pass --runs 30 $mode 2>&1 | grep -E "^single" | cut -c1-90
   done
  done
 done
done
for mode in "" "--in-place"; do
 echo "### wait single-pass f32 inclusive 2^26 $mode"; .gpu/wg-wait scan --n 67108864 --type f32 --variant single-pass --runs 30 $mode 2>&1 | grep -E "^single" | cut -c1-110
 echo "### wait single-pass u32 exclusive 2^26 --stuck-polls 0 $mode"; .gpu/wg-wait scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 10 --stuck-polls 0 $mode 2>&1 | grep -E "^single|rror" | cut -c1-110
 echo "### wait all variants 1000003 $mode"; .gpu/wg-wait scan --n 1000003 --type u32 --runs 5 $mode 2>&1 | grep -E "yes|NO|rror" | cut -c1-110
done
} > $out/call4.txt 2>&1
