#!/bin/bash
# Session 30 call 2: compaction look-ahead counting experiment + blur rule gaps.
W=.gpu/workgroup-exp
M=.gpu/workgroup
c() { echo "## $*"; }
for rep in 1 2; do
  for n in 67108864 16777216; do
    for d in default 0 256 512 1024 2048 4096; do
      c "rep=$rep n=$n ahead=$d"
      if [ $d = default ]; then $W compact --n $n --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30 | grep -E "^stable|rror"
      else WG_EXP_AHEAD=$d $W compact --n $n --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30 | grep -E "^stable|rror"; fi
    done
  done
done
for d in 1024 2048; do
  for pf in 0.001 1; do c "n=2^26 pf=$pf ahead=$d"; WG_EXP_AHEAD=$d $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction $pf --variant stable --runs 30 | grep -E "^stable|rror"; done
  c "alternate-check ahead=$d"; WG_EXP_AHEAD=$d $W compact --n 67108864 --type f32 --pred gt:0.5 --variant stable --runs 3 --alternate-check 8 2>&1 | tail -4
  c "n=1048576 ahead=$d"; WG_EXP_AHEAD=$d $W compact --n 1048576 --type f32 --pred gt:0.5 --variant stable --runs 30 | grep -E "^stable|rror"
done
c "n=2^26 pf 0.001 / 1 default"; for pf in 0.001 1; do $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction $pf --variant stable --runs 30 | grep -E "^stable|rror"; done
c "n=1048576 default"; $W compact --n 1048576 --type f32 --pred gt:0.5 --variant stable --runs 30 | grep -E "^stable|rror"
b() { echo "### blur $*"; $M blur --synthetic 4096x4096:natural --variant fastest-sampled --runs 20 "$@" | grep -E "^fastest-sampled|rror"; }
for f in 1 3; do for s in 0 16; do b --format rgba16f --filter $f --sampled-segment $s; done; done
for fmt in rgba8 bgra8-srgb; do for f in 40 47; do for s in 0 128; do b --format $fmt --filter $f --sampled-segment $s; done; done; done
for f in 15 63; do for s in 0 16 32 128; do b --format rgba32f --filter $f --sampled-segment $s; done; done
for s in 0 16 32; do b --format b10g11r11f --filter 15 --sampled-segment $s; done
