#!/bin/bash
# Session 2026-12-04 (fifth), call 1: does a group's second read of a tile come from L1
# (examples/l1_reread.rs), and the product's `stable` and `tile-atomic` for reference.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
for b in workgroup l1_reread; do xz -dc .gpu/$b.xz > .gpu/$b && chmod +x .gpu/$b; done
.gpu/workgroup compact --n 67108864 --pass-fraction 0.5 --variant stable,tile-atomic --runs 50 > "$out/product.txt" 2>&1; cat "$out/product.txt"
timeout 300 .gpu/l1_reread > "$out/l1_reread.txt" 2>&1; echo "rc $?"; cat "$out/l1_reread.txt"
