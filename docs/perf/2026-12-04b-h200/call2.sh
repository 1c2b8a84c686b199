#!/bin/bash
# Session 2026-12-04 (second), call 2: where call 1's 0.69-0.74 ms `stable` (every row, copies or
# not) came from: side queues made but unused, used for copies, and after the copy rates.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/ce_prefetch.xz > .gpu/ce_prefetch && chmod +x .gpu/ce_prefetch
run() { # name, then env assignments
  local name=$1; shift
  env WG_EXP_SIDE_QUEUES=1 CE_RUNS=20 "$@" timeout 100 .gpu/ce_prefetch > "$out/$name.txt" 2>&1
  echo "== $name ($*): rc $?"; grep -A8 "^| copies" "$out/$name.txt" | grep -v -- "---"
}
run made-only CE_PARTS=stable "CE_SET=transfer x8" CE_CONFIGS=none
run family1 CE_PARTS=stable "CE_SET=transfer x2" CE_CONFIGS=none,1:3:3,none
run family1and3 CE_PARTS=stable "CE_SET=transfer x8" CE_CONFIGS=none,1:3:3,none
run rates-then CE_PARTS=rates,stable "CE_SET=transfer x2" CE_CONFIGS=none,none
run l2-then CE_PARTS=l2,stable "CE_SET=transfer x2" CE_CONFIGS=none,none
run all-default
