#!/bin/bash
# Fiftieth session, call 2: docs/PERFORMANCE.md's headline table at the session's build on an
# H200, next to the peers, in one call (scripts/gpu-run.sh headline); elsewhere nothing is run.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
SECONDS=0
bash scripts/gpu-run.sh headline
echo "headline took $SECONDS s"
grep -E "^(stable|tile-atomic|subgroup-ballot|single-pass|radix|onesweep|overlap)" "${OUT:-/tmp/out}/headline.txt" | head -40
