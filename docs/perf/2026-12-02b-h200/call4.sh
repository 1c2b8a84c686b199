#!/bin/bash
# Session 2026-12-02 (second), call 4: the overlap's scatter writing its tile by rounds with the
# whole group (one round of stage[], group barriers; `rounds-tried.diff` on the HALVES = 0 path,
# so reached by --stable-overlap-halves false) against this build's scatter by subgroups and in
# halves (the default), alternating; medians of 30.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup-rounds.xz > /tmp/workgroup-rounds; chmod +x /tmp/workgroup-rounds
KEPT=.gpu/workgroup; ROUNDS=/tmp/workgroup-rounds
A="compact --type f32 --pred gt:0.5 --runs 30"
{
for round in 1 2; do
  for spec in "--n 67108864 --pass-fraction 0.5" "--n 33554432 --pass-fraction 0.5" "--n 16777216 --pass-fraction 0.5" "--n 67108864 --pass-fraction 0.001"; do
    echo "## round $round $spec kept halves (default)"; $KEPT $A $spec --variant stable 2>&1 | grep -E "^stable|rror"
    echo "## round $round $spec kept by-subgroups"; $KEPT $A $spec --variant stable --stable-overlap-halves false 2>&1 | grep -E "^stable|rror"
    echo "## round $round $spec exp by-rounds"; $ROUNDS $A $spec --variant stable --stable-overlap-halves false 2>&1 | grep -E "^stable|rror"
    echo "## round $round $spec exp halves (control)"; $ROUNDS $A $spec --variant stable 2>&1 | grep -E "^stable|rror"
  done
done
echo "## passes exp by-rounds"; $ROUNDS $A --n 67108864 --variant stable --stable-overlap-halves false --passes 2>&1 | grep -E "^stable|passes:.*(overlap|total)"
for n in 1 257 4099 1000003 67108863; do
  echo "## exact n=$n"; $ROUNDS compact --n $n --type u32 --pred even --variant stable --stable-overlap-halves false --stable-one-pass-max 0 --runs 2 2>&1 | grep -E "^stable|rror"
done
} > "$out/rounds.txt" 2>&1
cat "$out/rounds.txt"
