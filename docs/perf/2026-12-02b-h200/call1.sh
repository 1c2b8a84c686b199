#!/bin/bash
# Session 2026-12-02 (second), call 1: write_by_subgroups taking each round's start and count from
# the rank (RANK_SUMS) instead of subgroupMin/Max of the lanes' ranks. Its time against the
# previous build (base) on every path that writes by subgroups, alternating; the same paths'
# exactness from the CLI on awkward sizes.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > /tmp/workgroup; xz -dc .gpu/workgroup-base.xz > /tmp/workgroup-base; chmod +x /tmp/workgroup /tmp/workgroup-base
NEW=/tmp/workgroup; BASE=/tmp/workgroup-base
A="compact --type f32 --pred gt:0.5 --runs 30"
P1="--variant stable --stable-overlap 0"
P2="--variant stable --stable-overlap-halves false"
P3="--variant stable-lookback --lookback-one-tile true --lookback-warp-write true"
C1="--variant stable"
C2="--variant tile-atomic"
{
for round in 1 2; do
  for n in 67108864 16777216; do
    for o in "$P1" "$P2" "$P3" "$C1" "$C2"; do
      for b in base new; do
        W=$NEW; [ $b = base ] && W=$BASE
        echo "## round $round n=$n $b $o"; $W $A --n $n --pass-fraction 0.5 $o 2>&1 | grep -E "^(stable|tile)|rror"
      done
    done
  done
done
for o in "$P1" "$P2" "$P3"; do
  for b in base new; do
    W=$NEW; [ $b = base ] && W=$BASE
    echo "## 0.1% n=67108864 $b $o"; $W $A --n 67108864 --pass-fraction 0.001 $o 2>&1 | grep -E "^(stable|tile)|rror"
    echo "## passes $b $o"; $W $A --n 67108864 --pass-fraction 0.5 --runs 10 --passes $o 2>&1 | grep -E -i "passes|regist|rror"
  done
done
} > "$out/ab.txt" 2>&1
grep -c "exact" "$out/ab.txt"; grep -c " NO" "$out/ab.txt"
{
for o in "$P1" "$P2" "$P3" "$P3 --lookback-rounds 4 --lookback-local 128" "$P3 --lookback-rounds 1 --lookback-local 512"; do
  for n in 1 257 30011 1000003 67108863; do
    for spec in "--type u32 --pred even" "--type f32 --pred gt:0.5 --pass-fraction 0.001" "--type i32 --pred lt:0" "--type f32 --pred gt:0.5 --pass-fraction 1"; do
      for s in 1; do echo "### $o n=$n $spec seed=$s"; $NEW compact --n $n $spec $o --runs 2 --seed $s 2>&1 | grep -E "^stable|rror" | grep -v disagree; done
    done
  done
done
} > "$out/exact.txt" 2>&1
echo "cli runs: $(grep -c 'exact order' "$out/exact.txt") exact, $(grep -c ' NO' "$out/exact.txt") wrong, $(grep -c '^###' "$out/exact.txt") cases"; grep -m3 -i error "$out/exact.txt"
