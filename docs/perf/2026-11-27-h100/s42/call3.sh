#!/bin/bash
# Forty-second session, call 3: the three-step pass with tile-major counts and offsets, scanned in
# three small steps (WG_EXP_TILE_MAJOR=1: radix_block_sums.comp over blocks of WG_EXP_SCAN_BLOCK
# tiles, radix_scan.comp over the blocks' rows, radix_tile_offsets.comp) against the kept
# digit-major layout with one scan, alternating twice (A T T A, blocks of 32), then blocks of 16
# and 64 once, and where the time goes (WG_EXP_SORT_STEPS, timing only).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
run() { # label, env..., then sort args
  local label=$1; shift
  echo "== $label $*"; env "$@" | grep -E '^radix |error' | cut -c1-60
}
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in A T T A; do
  e="WG_EXP_TILE_MAJOR=0"; [ $w = T ] && e="WG_EXP_TILE_MAJOR=1"
  for t in u32 f32; do for n in 1048576 4194304 16777216 67108864; do
    run $w $e $W sort --n $n --type $t --variant radix --runs 30
  done; done
  for n in 16777216 67108864; do run $w $e $W sort --n $n --type f32 --indices --variant radix --runs 30; done
done
for b in 16 64; do for n in 1048576 16777216 67108864; do
  run T$b WG_EXP_TILE_MAJOR=1 WG_EXP_SCAN_BLOCK=$b $W sort --n $n --type u32 --variant radix --runs 30
done; done
for w in A T; do
  e="WG_EXP_TILE_MAJOR=0"; [ $w = T ] && e="WG_EXP_TILE_MAJOR=1"
  for steps in count count,scan count,scatter; do for n in 16777216 67108864; do
    run "$w steps=$steps" $e WG_EXP_SORT_STEPS=$steps $W sort --n $n --type u32 --variant radix --runs 30
  done; done
  run $w $e $W sort --n 268435456 --variant radix --runs 10
  run $w $e $W sort --n 67108864 --dist ones --variant radix --runs 10
  run $w $e $W sort --n 67108867 --type f32 --dist normal --variant radix --runs 10
done
} > $out/call3.txt 2>&1
