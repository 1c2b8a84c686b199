#!/bin/bash
# Thirty-seventh session, call 14: `overlap` with its set and first reads of words coherent (from
# L2, never a multiprocessor's L1, which call 10's one wrong result in place may have read: an
# earlier run's set or word); its machine code, its time against call 10's, and in place many times.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
$W --internals /tmp/k scan --n 1048576 --type u32 --exclusive --variant overlap --runs 3 > /dev/null
python3 scripts/nvidia-sass /tmp/k | grep -v '^ *$'
grep -h 'LDG\|STG' /tmp/k/scan.overlap_scan.c0-256.c1-0.c2-0.c10-1048576.sass /tmp/k/scan.overlap_reduce*.sass | sed 's/^ *\/\*[0-9a-f]*\*\/ *//' | awk '{print $1, $2}' | sort | uniq -c
for round in 1 2; do
  if [ $round = 1 ]; then V=reduce-then-scan,overlap,single-pass; else V=single-pass,overlap,reduce-then-scan; fi
  for n in 1048576 16777216 67108864 268435456; do
    log $W scan --n $n --type u32 --exclusive --variant $V --runs 30
  done
  log $W scan --n 67108864 --type f32 --variant $V --runs 30
done
ok=0; bad=0
for i in $(seq 1 20); do
  for n in 16777216 67108864; do
    r=$($W scan --n $n --type u32 --exclusive --variant overlap --in-place --runs 30 2>&1 | grep '^overlap ')
    case "$r" in *" yes") ok=$((ok+1));; *) bad=$((bad+1)); echo "n=$n: $r";; esac
  done
done
echo "in place: $ok right, $bad wrong"
date -u
} > $out/ours.txt 2>&1
