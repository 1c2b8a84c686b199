#!/bin/bash
# Session 2026-12-02 (fifth), call 7, the binary of call 6: fresh inputs through one compactor
# (--alternate-check: sizes n and n/3 + 1 alternating, so runs with and without the persistent
# grid share the word sets; fractions 0.5, 0.9, 0.1, 0.001), without validation (the scatter
# beside the counters, no barrier between), at the default and with the grid forced at small sizes.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; chmod +x /tmp/workgroup; W=/tmp/workgroup
log() { echo "### $*"; "$@"; echo "rc=$?"; }
{
log $W compact --n 67108864 --type f32 --pred gt:0.5 --variant stable --alternate-check 12 --runs 3
log $W compact --n 100000007 --type u32 --pred even --variant stable --alternate-check 6 --runs 2
log $W compact --n 33554435 --type i32 --pred lt:0 --variant stable --alternate-check 6 --runs 2
for P in 1 5 396; do
  for n in 4097 30011 1000003 4194304 16777219; do
    log $W compact --n $n --type f32 --pred gt:0.5 --variant stable --stable-one-pass-max 0 --stable-overlap-persistent $P --alternate-check 4 --runs 2
  done
done
} > "$out/call7.txt" 2>&1
grep -E "^###|alternating|rc=|rror" "$out/call7.txt" | grep -v "rc=0" | paste - - | awk '{print $4, $NF, $0}' | cut -c1-60,200- | head -40
grep -c "rc=0" "$out/call7.txt"
