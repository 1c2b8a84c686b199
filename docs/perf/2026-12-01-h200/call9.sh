#!/bin/bash
# Session of 2026-12-01 (second session that day), call 9: call 8 found `stable-lookback` with
# the held persistent grid in groups of 128 (--lookback-warp-write true --lookback-prefetch false
# --lookback-groups 5 --lookback-local 128, a measuring knob) wrong on the H200 (exact on
# lavapipe with subgroups of 8 and 32). Which neighbours of it are wrong too: 10 seeds each.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"; W=.gpu/workgroup
H="--variant stable-lookback --lookback-warp-write true --lookback-prefetch false"
{
for cfg in "--lookback-local 128 --lookback-groups 5" "--lookback-local 256 --lookback-groups 5" "--lookback-local 128" "--lookback-local 256" "--lookback-local 384 --lookback-groups 5" "--lookback-local 512 --lookback-groups 5" "--lookback-local 128 --lookback-groups 5 --lookback-rounds 4" "--lookback-one-tile true --lookback-local 128"; do
  for n in 30011 100003; do
    echo "### $cfg n=$n"
    for s in 1 2 3 4 5 6 7 8 9 10; do $W compact --type u32 --pred even --n $n $H $cfg --runs 3 --seed $s 2>&1 | grep -E "^stable-lookback|rror" | grep -v disagree; done
  done
done
} > "$out/held.txt" 2>&1
grep -c "NO" "$out/held.txt"; awk '/^###/{h=$0} /NO/{c[h]++} END{for(k in c) print c[k], k}' "$out/held.txt"; grep -m3 -i error "$out/held.txt"
