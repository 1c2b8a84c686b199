#!/bin/bash
# Session of 2026-12-01 (second session that day), call 7: the one pass with its fences in every
# run (.gpu/workgroup, call 6's build) against fences only in the run that zeroes the status words
# (.gpu/workgroup-nofence, the build kept), alternating twice, 50% kept; the two passes beside.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
C="compact --type f32 --pred gt:0.5 --variant stable --runs 30"
{
for k in 1 2; do
  for n in 1024 65536 1000003 1048576 2097152; do
    echo "### round $k n=$n fences every run"; .gpu/workgroup $C --n $n
    echo "### round $k n=$n fences in the zeroing run"; .gpu/workgroup-nofence $C --n $n
    echo "### round $k n=$n two passes"; .gpu/workgroup-nofence $C --n $n --stable-one-pass-max 0
  done
done
echo "### statistics"; .gpu/workgroup-nofence --internals /tmp/int $C --n 1000003 --runs 1
for f in /tmp/int/*one_pass*; do echo "== $f"; cat "$f"; done
} > "$out/fences.txt" 2>&1
grep -E "^###|^stable|rror|Register" "$out/fences.txt"
