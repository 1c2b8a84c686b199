#!/bin/bash
# Session of 2026-12-01, call 4: where the one-pass look-back (4 words a lane, late read) stops
# being faster than `stable`, from 2^18 to 2^23 elements, with the epoch words as in calls 2-3 and
# with the status words zeroed before every run (WG_EXP_FILL=1: a fill and two barriers, the
# protocol a product form would use), alternating twice.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"; W=.gpu/workgroup
C="compact --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30"
X="WG_EXP_TILE_LOOKBACK=1 WG_EXP_WIDE=1 WG_EXP_LATE=1"
{
for k in 1 2; do
  for n in 262144 524288 1048576 2097152 4194304 8388608; do
    echo "### round $k n=$n kept"; $W $C --n $n
    echo "### round $k n=$n one pass, epochs"; env $X $W $C --n $n
    echo "### round $k n=$n one pass, zeroed"; env $X WG_EXP_FILL=1 $W $C --n $n
  done
done
} > "$out/crossover.txt" 2>&1
grep -E "^###|^stable|rror" "$out/crossover.txt"
