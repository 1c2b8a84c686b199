#!/bin/bash
# Fiftieth session, call 4: on an H200, the overlap's scatter reading its prefix words once the
# tile is ranked (the kept build, since the forty-sixth session) against reading them with the
# tile's loads (.gpu/workgroup-loads: s50-words-with-loads-ab.diff, the form before) and against the sets
# (parity, word_set) read with the loads and the words after the rank (.gpu/workgroup-sets:
# s50-sets-with-loads-ab.diff), alternating twice: 2^26 at 50%, 0.1%, 10% and 90%, 2^24 at 50%
# and 0.1%. Elsewhere nothing is run.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
out=${OUT:-/tmp/out}; mkdir -p "$out"
for b in workgroup-loads workgroup-sets; do [ -f .gpu/$b.gz ] && gunzip -f .gpu/$b.gz; chmod +x .gpu/$b; done
{
for round in 1 2; do
  for b in workgroup workgroup-loads workgroup-sets; do
    echo "## round $round, $b"
    for cfg in "67108864 0.5 50" "67108864 0.001 30" "67108864 0.1 30" "16777216 0.5 50" "16777216 0.001 30" "67108864 0.9 30"; do
      set -- $cfg
      echo "# n=$1 pass=$2"
      .gpu/$b compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs $3 2>&1 | grep -E '^stable|rror'
    done
  done
done
} > "$out/ab.txt" 2>&1
cat "$out/ab.txt"
