#!/bin/bash
# Thirty-third session, one call: the compaction's split-off last tile both ways (A/B, the knob
# stable_overlap_split_tail), the scan's single pass before (wg-old, 154e7bf) and after (wg-new)
# the in-place fix, and CUB's compaction and scan, on whichever GPU the call got.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
N=.gpu/wg-new; O=.gpu/wg-old
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$N devices 2>&1 | head -5
$N bandwidth --mb 256 --runs 30 | grep kernel
for rep in 1 2 3; do
 for split in true false; do
  echo "### split $split compact 2^26 50%"; $N compact --n 67108864 --type f32 --variant stable --stable-overlap-split-tail $split --runs 50 2>&1 | grep -E "^stable" | cut -c1-80
  echo "### split $split compact 2^26 0.1%"; $N compact --n 67108864 --type f32 --pass-fraction 0.001 --variant stable --stable-overlap-split-tail $split --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
 done
done
for split in true false; do
  echo "### split $split compact 2^26+3 50%"; $N compact --n 67108867 --type f32 --variant stable --stable-overlap-split-tail $split --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
  echo "### split $split compact 2^24 50%"; $N compact --n 16777216 --type f32 --variant stable --stable-overlap-split-tail $split --runs 30 2>&1 | grep -E "^stable" | cut -c1-80
done
echo "### default compact 2^26 50%"; $N compact --n 67108864 --type f32 --variant stable --runs 50 2>&1 | grep -E "^stable" | cut -c1-80
for rep in 1 2; do
 for w in old new; do
  W=.gpu/wg-$w
  for n in 16777216 67108864 268435456; do echo "### $w scan u32 exclusive $n"; $W scan --n $n --type u32 --exclusive --variant single-pass --runs 30 2>&1 | grep -E "^single" | cut -c1-70; done
  echo "### $w scan f32 inclusive 2^26"; $W scan --n 67108864 --type f32 --variant single-pass --runs 30 2>&1 | grep -E "^single" | cut -c1-70
 done
done
echo "### new scan rts u32 exclusive 2^26"; $N scan --n 67108864 --type u32 --exclusive --variant reduce-then-scan --runs 30 2>&1 | grep -E "^reduce" | cut -c1-70
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu && /tmp/compact_cub 26
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu && /tmp/scan_cub
} > $out/call1.txt 2>&1
