#!/bin/bash
# Session 2026-12-04 (sixth), call 3: stable_count_scatter.comp with the reload of tile B issued
# before tile A's loads (--stable-count-scatter 1-4: ORDER 0-3), against the product in the
# same call; 2^26 f32 at 50%, the grid that fits and 396 groups; registers per order.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
W=.gpu/workgroup; N=67108864
run() { echo "== $*"; timeout 30 $W compact --pass-fraction 0.5 --variant stable "$@" 2>&1 | grep -E "^stable|^tile-atomic|error" | tail -3; }
for cs in 1 2 3 4; do
  $W --internals "$out/int$cs" compact --n 4096000 --pass-fraction 0.5 --variant stable --stable-count-scatter $cs --runs 1 > /dev/null 2>&1
  echo "order $cs: $(grep -h 'Register Count' $out/int$cs/*count_scatter*stats.txt)"
done
for round in 1 2; do
  run --n $N --variant stable,tile-atomic --runs 50
  for cs in 1 2 3 4; do run --n $N --stable-count-scatter $cs --runs 50; done
done
for cs in 2 3 4; do run --n $N --stable-count-scatter $cs --stable-overlap-persistent 396 --runs 50; run --n 4194304 --stable-count-scatter $cs --runs 5; done
rm -rf "$out"/int*
