#!/bin/bash
# Session 2026-12-02 (fourth), call 3, same build as call 1: the overlap's counter groups at this
# build (`--stable-overlap N`; the default is one per multiprocessor, 132 here), 2^26 f32 at 50%
# and 0.1% kept, two rounds in opposite orders, medians of 50.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup; chmod +x .gpu/workgroup; W=.gpu/workgroup
{
for order in "100 116 132 148 166 198 264" "264 198 166 148 132 116 100"; do
  for c in $order; do
    for f in 0.5 0.001; do
      echo "### counters=$c f=$f"; $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction $f --variant stable --stable-overlap $c --runs 50 2>&1 | grep -E "^stable|rror"
    done
  done
done
} > "$out/call3.txt" 2>&1
paste - - < "$out/call3.txt" | awk '{print $2, $3, $5}'
