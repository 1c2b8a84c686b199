#!/bin/bash
# Session 2026-12-02 (third), call 5: the build of commit 6cafaec. The scan's and the
# compaction's tests under the validation layer with synchronization validation (the Debian 12
# layer from .vl/): every scan test, CLI tests included, and the one pass's tests (a retry: the
# first try, with every compaction test, lost its machine) (CARGO_BIN_EXE_workgroup; CARGO_MANIFEST_DIR's
# assets through /work/main linked to this tree).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
mkdir -p /usr/share/vulkan/explicit_layer.d && cp .vl/VkLayer_khronos_validation.json /usr/share/vulkan/explicit_layer.d/
xz -dc .vl/libVkLayer_khronos_validation.so.xz > /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so; ldconfig
[ -e /work/main ] || { mkdir -p /work; ln -s "$PWD" /work/main; }
mkdir -p /tmp/t; for f in .gpu/*.xz; do b=$(basename $f .xz); xz -dc $f > /tmp/t/$b; chmod +x /tmp/t/$b; done
export CARGO_BIN_EXE_workgroup=/tmp/t/workgroup
{ timeout 330 /tmp/t/scan-tests --test-threads 3 2>&1; echo "exit $?"; } > "$out/scan.txt" 2>&1 &
{ timeout 330 /tmp/t/compact-tests one_pass --test-threads 2 2>&1; echo "exit $?"; } > "$out/compact.txt" 2>&1 &
wait
for f in scan compact; do echo "== $f"; grep -E "^test .*(ok|FAILED)$|test result|^exit|panicked|VUID|SYNC-" "$out/$f.txt" | head -40; done
