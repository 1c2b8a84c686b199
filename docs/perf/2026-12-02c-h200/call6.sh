#!/bin/bash
# Session 2026-12-02 (third), call 6: the build of commit 6cafaec. `overlap`'s reducer groups
# (--reducers; default one per multiprocessor, 132 here) for large sums now that the scan groups
# scan their tile after the waits there: 2^26 and 2^28, u32 exclusive and f32 inclusive, two
# rounds, medians of 30, every row checked against the CPU.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/wg; chmod +x /tmp/wg
{
for round in 1 2; do
  for n in 67108864 268435456; do
    for ty in "u32 --exclusive" "f32"; do
      for r in 100 132 166 198 264; do
        echo "## round $round n=$n $ty reducers=$r"; /tmp/wg scan --n $n --type $ty --op sum --variant overlap --reducers $r --runs 30 2>&1 | grep -E "^overlap|rror"
      done
    done
  done
done
} > "$out/reducers.txt" 2>&1
grep -c yes "$out/reducers.txt"; grep -c "^##" "$out/reducers.txt"
