#!/bin/bash
# Session 2026-12-02 (third), call 3: the scan's `overlap` kernel (overlap_scan.comp) reports local
# memory on the H200 (call 2). Its machine code at the build of call 2 (base: HEAD + the one
# pass's fix) and at a build with the tile's subgroup scans moved after the prefix waits (A), and
# both builds' scans, alternating twice, medians of 30, every row checked against the CPU.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/wg-base; xz -dc .gpu/workgroup-scanA.xz > /tmp/wg-A; chmod +x /tmp/wg-*
for b in base A; do
  /tmp/wg-$b --internals /tmp/internals/$b scan --n 16777216 --type u32 --op sum --exclusive --variant overlap --runs 2 > /dev/null 2>&1
  /tmp/wg-$b --internals /tmp/internals/$b-f32 scan --n 16777216 --type f32 --op sum --variant overlap,reduce-then-scan --runs 2 > /dev/null 2>&1
  echo "=== $b"; python3 scripts/nvidia-sass /tmp/internals/$b; python3 scripts/nvidia-sass /tmp/internals/$b-f32
  grep -H "Local" /tmp/internals/$b/*overlap_scan*.stats.txt /tmp/internals/$b-f32/*scan*.stats.txt
done > "$out/sass.txt" 2>&1
mkdir -p /tmp/keep; cp /tmp/internals/*/*overlap_scan*.sass /tmp/keep/ 2>/dev/null
for d in base A base-f32 A-f32; do for f in /tmp/internals/$d/*overlap_scan*.sass; do cp $f /tmp/keep/$d.$(basename $f); done; done
tar czf "$out/sass-files.tgz" -C /tmp keep
{
for round in 1 2; do
  for c in "1048576 u32 --exclusive" "16777216 u32 --exclusive" "67108864 u32 --exclusive" "16777216 f32 " "67108864 f32 "; do
    set -- $c
    for b in base A; do
      echo "## round $round n=$1 $2 $3 $b"; /tmp/wg-$b scan --n $1 --type $2 --op sum $3 --variant overlap,single-pass --runs 30 2>&1 | grep -E "^(overlap|single)|rror"
    done
  done
done
} > "$out/ab.txt" 2>&1
{
for n in 1 257 4096 4097 16385 1000003 16777215 67108863; do
  for spec in "--type u32 --op sum --exclusive" "--type i32 --op max" "--type f32 --op sum" "--type u32 --op min --dist seq"; do
    echo "### n=$n $spec"; /tmp/wg-A scan --n $n $spec --variant overlap --runs 2 --seed $n 2>&1 | grep -E "^overlap|rror"
  done
done
} > "$out/exact.txt" 2>&1
grep -c "yes" "$out/exact.txt"; grep -c "^###" "$out/exact.txt"; grep -v "yes\|^###" "$out/exact.txt" | head
