#!/bin/bash
# Session of 2026-12-01 (second session that day), call 6: `stable`'s one pass as built
# (glsl/compact/stable_one_pass.comp: the epoch on the GPU, stepped by the group that finishes
# last) against the two passes (--stable-one-pass-max 0), in the same process order twice; sizes
# 2^10 .. 2^22 and 10^6 + 3 (the tail pipeline), 50% kept, and 0.1% / 100% at 2^20; the one pass
# forced past its default bound (2^21) at 3 x 2^20 and 2^22; then 2^26 as a check that the large
# runs did not change.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"; W=.gpu/workgroup
C="compact --type f32 --pred gt:0.5 --variant stable"
{
for k in 1 2; do
  for case in "1024 0.5" "4096 0.5" "16384 0.5" "65536 0.5" "262144 0.5" "524288 0.5" "1000003 0.5" "1048576 0.5" "1048576 0.001" "1048576 1" "2097152 0.5" "3145728 0.5" "4194304 0.5"; do
    set -- $case
    echo "### round $k n=$1 pass=$2 two passes"; $W $C --n $1 --pass-fraction $2 --runs 30 --stable-one-pass-max 0
    echo "### round $k n=$1 pass=$2 one pass"; $W $C --n $1 --pass-fraction $2 --runs 30 --stable-one-pass-max 4194303
  done
done
echo "### 2^26 default"; $W $C --n 67108864 --runs 50
echo "### passes at 2^20"; $W $C --n 1048576 --runs 30 --passes
echo "### statistics"; $W --internals /tmp/int $C --n 1000003 --runs 1
for f in /tmp/int/*one_pass*stats.txt; do echo "== $f"; cat "$f"; done
} > "$out/one_pass.txt" 2>&1
grep -E "^###|^stable|^passes|rror" "$out/one_pass.txt"
