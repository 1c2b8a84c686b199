#!/bin/bash
# Session 2026-12-02 (third), call 2: `stable_one_pass` without local memory (its look-back's
# window assigned by a select where a wait runs out, instead of w[k] =) against the build before
# (base), alternating twice, medians of 30; its registers; its exactness from the CLI with the
# spin limit at 0 (every wait counts the tile from the input: the changed code) and as shipped;
# and every op's kernels through `gpu-run.sh sass`, to find any other kernel with local memory.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; xz -dc .gpu/workgroup-base.xz > /tmp/workgroup-base; chmod +x /tmp/workgroup /tmp/workgroup-base
NEW=/tmp/workgroup; BASE=/tmp/workgroup-base
A="compact --type f32 --pred gt:0.5 --runs 30 --variant stable"
{
for round in 1 2; do
  for c in "1024 0.5" "65536 0.5" "1000003 0.5" "1048576 0.5" "1048576 0.001" "1048576 1" "2097152 0.5"; do
    set -- $c
    for b in base new; do
      W=$NEW; [ $b = base ] && W=$BASE
      echo "## round $round n=$1 f=$2 $b"; $W $A --n $1 --pass-fraction $2 2>&1 | grep -E "^stable|rror"
    done
  done
done
for b in base new; do
  W=$NEW; [ $b = base ] && W=$BASE
  echo "## passes $b"; $W compact --type f32 --pred gt:0.5 --variant stable --n 1000003 --runs 5 --passes 2>&1 | grep -E -i "one_pass|rror"
done
} > "$out/ab.txt" 2>&1
{
for s in 0 32768; do
  for n in 1 255 256 257 4097 30011 1000003 2097151 2097152; do
    for spec in "--type u32 --pred even" "--type f32 --pred gt:0.5 --pass-fraction 0.001" "--type i32 --pred lt:0" "--type f32 --pred gt:0.5 --pass-fraction 1" "--type f32 --pred gt:0.5 --pass-fraction 0"; do
      echo "### spin=$s n=$n $spec"; $NEW compact --n $n $spec --variant stable --lookback-spin-limit $s --runs 3 --seed $n 2>&1 | grep -E "^stable|rror"
    done
  done
done
} > "$out/exact.txt" 2>&1
echo "cli runs: $(grep -c 'exact order' "$out/exact.txt") exact, $(grep -c ' NO' "$out/exact.txt") wrong, $(grep -c '^###' "$out/exact.txt") cases"
cp /tmp/workgroup .gpu/workgroup
bash scripts/gpu-run.sh sass > "$out/gpu-run.txt" 2>&1
grep -c . "$out/sass.txt"; rm -f "$out/internals.tgz"
for d in /tmp/internals/*; do grep -l "Local Memory Size: [1-9]" $d/*.stats.txt; done > "$out/local-memory.txt" 2>&1
cat "$out/local-memory.txt"
