#!/bin/bash
# Session 2026-12-04 (sixth), call 1: stable in one persistent dispatch that counts a tile and
# scatters the one it counted an iteration before (glsl/compact/stable_count_scatter.comp,
# --stable-count-scatter 1: publish after the scatter, 2: before), against the product's stable
# and tile-atomic in the same call; 2^26 f32, grids of 2-5 groups per multiprocessor.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out/runs"
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
W=.gpu/workgroup; N=67108864
run() { local name=$1; shift; echo "== $name: $*"; timeout 60 $W "$@" 2>&1 | tail -2 | head -1; }
$W --internals "$out/internals" compact --n 4096000 --pass-fraction 0.5 --variant stable --stable-count-scatter 1 --runs 1 > /dev/null 2>&1
$W --internals "$out/internals2" compact --n 4096000 --pass-fraction 0.5 --variant stable --stable-count-scatter 2 --runs 1 > /dev/null 2>&1
grep -rh "Register Count" "$out/internals" "$out/internals2" 2>/dev/null | sort | uniq -c | head; ls "$out/internals" | head -30
for round in 1 2; do
  run product compact --n $N --pass-fraction 0.5 --variant stable,tile-atomic --runs 50
  for cs in 1 2; do
    run "cs$cs fit" compact --n $N --pass-fraction 0.5 --variant stable --stable-count-scatter $cs --runs 50
    for g in 264 396 528 660; do
      run "cs$cs g$g" compact --n $N --pass-fraction 0.5 --variant stable --stable-count-scatter $cs --stable-overlap-persistent $g --runs 50
    done
  done
done
for f in 0.001 1.0; do
  run "product f$f" compact --n $N --pass-fraction $f --variant stable --runs 50
  for cs in 1 2; do run "cs$cs fit f$f" compact --n $N --pass-fraction $f --variant stable --stable-count-scatter $cs --runs 50; done
done
(cd "$out" && tar czf internals.tgz internals internals2 && rm -rf internals internals2)
