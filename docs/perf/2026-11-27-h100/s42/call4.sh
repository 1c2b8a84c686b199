#!/bin/bash
# Forty-second session, call 4: tile-major counts with a scan by blocks (.gpu/workgroup: the
# count adds each tile's row into its block's row of sums, the scan scans the blocks' rows, and
# the scatter adds the counts of its block's tiles before it: WG_EXP_IN_SCATTER=1, blocks of
# WG_EXP_SCAN_BLOCK=8 tiles) against the kept digit-major layout (.gpu/wg-base, commit d9aecab),
# alternating twice (A Y Y A); then once: the tiles' offsets by a step of their own
# (WG_EXP_IN_SCATTER=0, X), blocks of 4 and 16, and the kernels' registers.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
run() { # label, env..., then sort args
  local label=$1; shift
  echo "== $label $*" | sed 's/--variant radix //; s/--runs [0-9]*//'; env "$@" | grep -E '^radix |error' | cut -c1-60
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in A Y Y A; do
  W=.gpu/workgroup; [ $w = A ] && W=.gpu/wg-base
  for t in u32 f32; do for n in 65536 1048576 4194304 16777216 67108864; do
    run $w WG_X=0 $W sort --n $n --type $t --variant radix --runs 30
  done; done
  for n in 1048576 16777216 67108864; do run $w WG_X=0 $W sort --n $n --type f32 --indices --variant radix --runs 30; done
done
for n in 1048576 4194304 16777216 67108864; do
  run X WG_EXP_IN_SCATTER=0 .gpu/workgroup sort --n $n --type u32 --variant radix --runs 30
  run Y4 WG_EXP_SCAN_BLOCK=4 .gpu/workgroup sort --n $n --type u32 --variant radix --runs 30
  run Y16 WG_EXP_SCAN_BLOCK=16 .gpu/workgroup sort --n $n --type u32 --variant radix --runs 30
done
for w in A Y; do
  W=.gpu/workgroup; [ $w = A ] && W=.gpu/wg-base
  run $w WG_X=0 $W sort --n 268435456 --variant radix --runs 10
  run $w WG_X=0 $W sort --n 67108864 --dist ones --variant radix --runs 10
  run $w WG_X=0 $W sort --n 67108867 --type f32 --dist normal --variant radix,onesweep --runs 10
  echo "== stats $w"; $W sort --n 16777216 --variant radix --runs 1 --stats 2>&1 | grep -iE "register" | cut -c1-90
  echo "== stats $w indices"; $W sort --n 16777216 --variant radix --indices --runs 1 --stats 2>&1 | grep -iE "register" | cut -c1-90
done
} > $out/call4.txt 2>&1
