#!/bin/bash
# Session 2026-12-02 (third), call 1: where `stable_one_pass`'s 16 bytes of local memory are used.
# The compaction's kernels at 2^20 (the one pass) through --internals, disassembled.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
I=/tmp/internals
$W --internals $I/one compact --type f32 --pred gt:0.5 --n 1048576 --variant stable --runs 3 > "$out/run.txt" 2>&1
$W --internals $I/odd compact --type f32 --pred gt:0.5 --n 1000003 --variant stable --runs 3 >> "$out/run.txt" 2>&1
python3 scripts/nvidia-sass $I/one > "$out/sass-summary.txt" 2>&1
python3 scripts/nvidia-sass $I/odd >> "$out/sass-summary.txt" 2>&1
ls -la $I/one $I/odd >> "$out/sass-summary.txt"
tar czf "$out/internals.tgz" -C /tmp internals
