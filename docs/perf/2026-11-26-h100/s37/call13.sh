#!/bin/bash
# Thirty-seventh session, call 13: `overlap` in place, many processes (call 10 went wrong once,
# call 12 never in 18): failures only, with their sizes.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
{
date -u
ok=0; bad=0
for i in $(seq 1 25); do
  for n in 4194304 16777216 67108867; do
    for extra in "" "--overlap-barrier"; do
      r=$($W scan --n $n --type u32 --exclusive --variant overlap --in-place --runs 30 $extra 2>&1 | grep '^overlap ')
      case "$r" in *" yes") ok=$((ok+1));; *) bad=$((bad+1)); echo "n=$n $extra: $r";; esac
    done
  done
done
echo "in place: $ok right, $bad wrong"
ok=0; bad=0
for i in $(seq 1 10); do
  for n in 16777216 67108867; do
    r=$($W scan --n $n --type f32 --variant overlap --in-place --runs 30 2>&1 | grep '^overlap ')
    case "$r" in *"yes"*) ok=$((ok+1));; *) bad=$((bad+1)); echo "f32 n=$n: $r";; esac
  done
done
echo "f32 in place: $ok right, $bad wrong"
date -u
} > $out/ours.txt 2>&1
