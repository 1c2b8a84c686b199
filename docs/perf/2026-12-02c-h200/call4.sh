#!/bin/bash
# Session 2026-12-02 (third), call 4: the scan's `overlap` with its tile's subgroup scans before
# the waits (--overlap-scan-late false, as before) or after them (true), by size, two rounds
# alternating, medians of 30, every row checked against the CPU; the build before as a control;
# both forms' machine code; CUB's DeviceScan in the same call.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup-late.xz > /tmp/wg-new; xz -dc .gpu/workgroup.xz > /tmp/wg-base; chmod +x /tmp/wg-*
for late in false true; do
  /tmp/wg-new --internals /tmp/internals/$late scan --n 16777216 --type f32 --op sum --variant overlap --overlap-scan-late $late --runs 2 > /dev/null 2>&1
  echo "=== late $late"; python3 scripts/nvidia-sass /tmp/internals/$late | grep -E "kernel|overlap_scan"
  grep -H "Local" /tmp/internals/$late/*overlap_scan*.stats.txt
done > "$out/sass.txt" 2>&1
{
for round in 1 2; do
  for n in 1048576 2097152 4194304 8388608 16777216 33554432 67108864 268435456; do
    for ty in "u32 --exclusive" "f32"; do
      for late in false true; do
        echo "## round $round n=$n $ty late=$late"; /tmp/wg-new scan --n $n --type $ty --op sum --variant overlap --overlap-scan-late $late --runs 30 2>&1 | grep -E "^overlap|rror"
      done
      if [ $round = 1 ]; then echo "## n=$n $ty single-pass"; /tmp/wg-new scan --n $n --type $ty --op sum --variant single-pass --runs 30 2>&1 | grep -E "^single|rror"; fi
      if [ $n = 1048576 ] || [ $n = 67108864 ]; then echo "## round $round n=$n $ty base"; /tmp/wg-base scan --n $n --type $ty --op sum --variant overlap --runs 30 2>&1 | grep -E "^overlap|rror"; fi
    done
  done
done
} > "$out/ab.txt" 2>&1
grep -c yes "$out/ab.txt"; grep -c "^##" "$out/ab.txt"
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu > "$out/peers_scan_cub.txt" 2>&1 && /tmp/scan_cub >> "$out/peers_scan_cub.txt" 2>&1
tail -30 "$out/peers_scan_cub.txt"
