#!/bin/bash
# Session of 2026-12-02, call 2: where the held persistent grid's wrong elements are
# (held_diag.rs, built then as examples/held_diag.rs): u32 even at 50%, 5 groups, groups of 128
# and 256, with the look-back (0) and without it (--lookback-diag 1: each tile written at its own
# start, so each tile is checked alone). Build a: the kernel of call 1; build b: the same with
# write_by_subgroups' subgroup barriers replaced by group barriers (call2-barriers.diff).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
for b in a b; do echo "######## build $b"; timeout 120 .gpu/held_diag_$b; done > "$out/held_diag.txt" 2>&1
grep -E "^##|^device" "$out/held_diag.txt"
