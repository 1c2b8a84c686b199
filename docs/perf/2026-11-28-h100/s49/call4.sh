#!/bin/bash
# Forty-ninth session, call 4: `stable` in one pass through a ring in L2 (WG_EXP_RING=D,R;
# glsl/compact/stable_ring.comp): group t copies tile t - D's kept values from ring slot
# (t - D) mod R to the output, then ranks its own tile and writes it to slot t mod R. No counter
# groups, no walks. Against the kept `stable` and `tile-atomic`, alternating twice.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
WG_EXP_RING=1024,2048 timeout 60 $W compact --n 1048576 --variant stable,tile-atomic --runs 2 --internals /tmp/int
for f in /tmp/int/*ring*stats.txt /tmp/int/*tile_atomic*stats.txt; do echo "# $f"; grep -E "Register|Shared" $f; done
for round in 1 2; do
  echo "##### round $round"
  $W compact --n 67108864 --variant stable,tile-atomic --runs 50
  for dr in 512,1280 768,1536 1024,1792 1024,2048 2048,3072; do echo "## WG_EXP_RING=$dr"; WG_EXP_RING=$dr timeout 60 $W compact --n 67108864 --variant stable --runs 50; done
  $W compact --n 16777216 --variant stable,tile-atomic --runs 50
  for dr in 768,1536 1024,2048; do echo "## 2^24 WG_EXP_RING=$dr"; WG_EXP_RING=$dr timeout 60 $W compact --n 16777216 --variant stable --runs 50; done
  $W compact --n 67108864 --pass-fraction 0.001 --variant stable --runs 30
  for dr in 1024,2048; do echo "## 0.1% WG_EXP_RING=$dr"; WG_EXP_RING=$dr timeout 60 $W compact --n 67108864 --pass-fraction 0.001 --variant stable --runs 30; done
  $W compact --n 67108864 --pass-fraction 1 --variant stable --runs 30
  for dr in 1024,2048; do echo "## 100% WG_EXP_RING=$dr"; WG_EXP_RING=$dr timeout 60 $W compact --n 67108864 --pass-fraction 1 --variant stable --runs 30; done
done
} > "$out/call4.txt" 2>&1
