#!/bin/bash
# How many workgroups of a kernel run at once: the dealt grid with occupancy discovery, 2000
# groups dispatched, tells how many had checked in (were running) when its first group closed
# the poll ("N groups dealt", with --lookback-diag 3), next to the kernel's registers and shared
# memory. On the H200 (driver 580) this showed shared memory capped at 48 KiB per
# multiprocessor (docs/reduce_compact.md, eleventh session).
source "$(dirname "$0")/gpu-compact-dealt-common.sh"
X="$D --lookback-discover true --lookback-claim-after 0 --lookback-diag 3 --lookback-groups 2000 --n 67108864 --pass-fraction 0.5"
for r in 3 2 1 0; do row $X --lookback-rounds $r; done
row $X --lookback-rounds 3 --lookback-prefetch false
row $X --lookback-rounds 1 --lookback-prefetch false
row $X --lookback-rounds 2 --lookback-local 512
row $X --lookback-rounds 1 --lookback-local 512
# stable's scatter (20 KiB of shared memory: 2 groups per multiprocessor under that cap) staged or not
for s in true false; do
  echo "## stable --stage-output $s"
  .gpu/workgroup compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable --n 67108864 --pass-fraction 0.5 --stage-output $s 2>&1 | grep -E "^stable|rror|passes: stable|stable_scatter"
done
