#!/bin/bash
# Session 2026-12-04 (second), call 1: the copy engines as an L2 prefetcher for `stable`
# (examples/ce_prefetch.rs, WG_EXP_SIDE_QUEUES=1), and the product's `stable` for reference.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
for b in workgroup ce_prefetch; do xz -dc .gpu/$b.xz > .gpu/$b && chmod +x .gpu/$b; done
.gpu/workgroup compact --n 67108864 --pass-fraction 0.5 --variant stable,tile-atomic --runs 50 > "$out/product.txt" 2>&1; cat "$out/product.txt"
WG_EXP_SIDE_QUEUES=1 timeout 200 .gpu/ce_prefetch > "$out/lab.txt" 2>&1; echo rc $?; cat "$out/lab.txt"
for set in "compute x2" "compute x1" "transfer x1"; do
  WG_EXP_SIDE_QUEUES=1 CE_PARTS=stable CE_SET="$set" CE_CONFIGS="none,1:1:0,1:2:2,1:3:3,1:4:8" timeout 100 .gpu/ce_prefetch > "$out/lab-$set.txt" 2>&1
  echo "rc $?"; grep -A12 "^## stable" "$out/lab-$set.txt"
done
