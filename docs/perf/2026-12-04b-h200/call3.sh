#!/bin/bash
# Session 2026-12-04 (second), call 3: call 2's slow processes again, with nvidia-smi sampling
# the clocks every 20 ms (clocks.csv), to tell the GPU's clocks from the side queues.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/ce_prefetch.xz > .gpu/ce_prefetch && chmod +x .gpu/ce_prefetch
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,pstate --format=csv -lms 20 > "$out/clocks.csv" 2>&1 &
smi=$!
run() { # name, then env assignments
  local name=$1; shift
  echo "$(date +%T.%N) start $name" >> "$out/marks.txt"
  env WG_EXP_SIDE_QUEUES=1 CE_RUNS=20 "$@" timeout 100 .gpu/ce_prefetch > "$out/$name.txt" 2>&1
  echo "$(date +%T.%N) end $name" >> "$out/marks.txt"
  echo "== $name ($*): rc $?"; grep -A8 "^| copies" "$out/$name.txt" | grep -v -- "---"
}
run made-only-1 CE_PARTS=stable "CE_SET=transfer x8" CE_CONFIGS=none
run made-only-2 CE_PARTS=stable "CE_SET=transfer x8" CE_CONFIGS=none
run made-only-x2 CE_PARTS=stable "CE_SET=transfer x2" CE_CONFIGS=none
run family1and3 CE_PARTS=stable "CE_SET=transfer x8" CE_CONFIGS=none,1:3:3,none
run made-only-3 CE_PARTS=stable "CE_SET=transfer x8" CE_CONFIGS=none
run none-x30 CE_PARTS=stable "CE_SET=transfer x2" CE_RUNS=60 CE_CONFIGS=none
sleep 0.3; kill $smi
cat "$out/marks.txt"
