#!/bin/bash
# Forty-second session, call 5: the scan by blocks with the offsets summed in the scatter
# (call 4's Y), blocks of 16 and 32 tiles (WG_EXP_SCAN_BLOCK), against the kept digit-major layout
# (.gpu/wg-base, commit d9aecab), in the order A 16 32 32 16 A.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
run() { # label, env..., then sort args
  local label=$1; shift
  echo "== $label $*" | sed 's/--variant radix //; s/--runs [0-9]*//; s/WG_EXP_SCAN_BLOCK=[0-9]* //; s/\.gpu\/[a-z-]* //'; env "$@" | grep -E '^radix |error' | cut -c1-60
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in A 16 32 32 16 A; do
  W=.gpu/workgroup; [ $w = A ] && W=.gpu/wg-base
  for t in u32 f32; do for n in 65536 1048576 4194304 16777216 67108864; do
    run $w WG_EXP_SCAN_BLOCK=$w $W sort --n $n --type $t --variant radix --runs 30
  done; done
  for n in 16777216 67108864; do run $w WG_EXP_SCAN_BLOCK=$w $W sort --n $n --type f32 --indices --variant radix --runs 30; done
done
for w in A 16 32; do
  W=.gpu/workgroup; [ $w = A ] && W=.gpu/wg-base
  run $w WG_EXP_SCAN_BLOCK=$w $W sort --n 268435456 --variant radix --runs 10
  run $w WG_EXP_SCAN_BLOCK=$w $W sort --n 67108864 --type u32 --indices --variant radix --runs 30
  echo "== stats $w"; WG_EXP_SCAN_BLOCK=$w $W sort --n 16777216 --variant radix --runs 1 --stats 2>&1 | grep -iE "register" | cut -c1-90
done
} > $out/call5.txt 2>&1
