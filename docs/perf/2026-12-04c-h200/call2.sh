#!/bin/bash
# Session 2026-12-04 (third), call 2: the counters' loads by buffer device address against the
# same loads through a descriptor (examples/bda_count.rs, WG_EXP_BDA=1), with their machine code.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
WG_EXP_BDA=1 TC_INTERNALS=/tmp/internals timeout 300 .gpu/bda_count > "$out/bda_count.txt" 2>&1; echo "rc $?"; cat "$out/bda_count.txt"
python3 scripts/nvidia-sass /tmp/internals > "$out/sass-summary.txt" 2>&1; cat "$out/sass-summary.txt"
mkdir -p "$out/sass"; cp /tmp/internals/*.sass "$out/sass/" 2>/dev/null; ls "$out/sass" | head
