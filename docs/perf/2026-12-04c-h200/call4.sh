#!/bin/bash
# Session 2026-12-04 (third), call 4: call 3 again, every kernel's machine code in one archive
# (call 3 brought back only eight files).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup && chmod +x .gpu/workgroup
.gpu/workgroup --internals /tmp/i compact --n 67108864 --pass-fraction 0.5 --variant stable,tile-atomic --runs 10 > "$out/compact.txt" 2>&1; echo "rc $?"; tail -3 "$out/compact.txt"
python3 scripts/nvidia-sass /tmp/i > /dev/null 2>&1
(cd /tmp/i && tar czf "$out/sass.tgz" *.sass *.stats.txt); ls -la "$out"
