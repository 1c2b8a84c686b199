#!/bin/bash
# Forty-ninth session, call 5: call 4's ring with its prefix words first read together (plain
# coherent loads, re-read through volatile bindings only while unpublished) and no fence before
# the slot's reads (ring5-tried.diff, stable_ring5.comp.tried). Alternating twice with the kept
# `stable` and `tile-atomic`.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
WG_EXP_RING=1024,2048 timeout 60 $W compact --n 1048576 --variant stable --runs 2 --internals /tmp/int
for f in /tmp/int/*ring*stats.txt; do echo "# $f"; grep -E "Register|Shared" $f; done
for round in 1 2; do
  echo "##### round $round"
  $W compact --n 67108864 --variant stable,tile-atomic --runs 50
  for dr in 768,1536 1024,2048; do echo "## WG_EXP_RING=$dr"; WG_EXP_RING=$dr timeout 60 $W compact --n 67108864 --variant stable --runs 50; done
  $W compact --n 16777216 --variant stable,tile-atomic --runs 50
  echo "## 2^24 WG_EXP_RING=1024,2048"; WG_EXP_RING=1024,2048 timeout 60 $W compact --n 16777216 --variant stable --runs 50
  $W compact --n 67108864 --pass-fraction 0.001 --variant stable,tile-atomic --runs 30
  echo "## 0.1% WG_EXP_RING=1024,2048"; WG_EXP_RING=1024,2048 timeout 60 $W compact --n 67108864 --pass-fraction 0.001 --variant stable --runs 30
  $W compact --n 67108864 --pass-fraction 1 --variant stable --runs 30
  echo "## 100% WG_EXP_RING=1024,2048"; WG_EXP_RING=1024,2048 timeout 60 $W compact --n 67108864 --pass-fraction 1 --variant stable --runs 30
done
} > "$out/call5.txt" 2>&1
