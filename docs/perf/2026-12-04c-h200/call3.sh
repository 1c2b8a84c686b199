#!/bin/bash
# Session 2026-12-04 (third), call 3: the machine code of the product's compaction kernels
# (`--internals`), to see where NVIDIA's compiler places the input's loads against the barriers.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out/sass"
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
.gpu/workgroup --internals /tmp/i compact --n 67108864 --pass-fraction 0.5 --variant stable,tile-atomic --runs 30 > "$out/compact.txt" 2>&1; echo "rc $?"; tail -4 "$out/compact.txt"
python3 scripts/nvidia-sass /tmp/i > "$out/sass-summary.txt" 2>&1; cat "$out/sass-summary.txt"
for f in /tmp/i/*.sass; do b=$(basename "$f" | tr -c 'A-Za-z0-9._\n-' '_'); cp "$f" "$out/sass/$b"; done; ls "$out/sass"
