#!/bin/bash
# Forty-ninth session, call 7: `workgroup devices` with its new subgroup layout check
# (gpu::selftest::subgroup_layout), text and JSON; then issue #5's goals only on an H200.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
{ .gpu/workgroup devices; .gpu/workgroup --json devices | grep subgroup_layout; } > "$out/call7-devices.txt" 2>&1
cat "$out/call7-devices.txt"
bash docs/perf/2026-11-28-h100/s49/call3.sh
