#!/bin/bash
# Forty-ninth session, call 6: call 5's ring with slots reused sooner (R - D below the groups
# that run at once, so a slot may be written again before it is read: results may be WRONG; this
# only asks whether L2 keeping the ring would make it fast). Alternating twice with `stable`.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p "$out"
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
for round in 1 2; do
  echo "##### round $round"
  $W compact --n 67108864 --variant stable,tile-atomic --runs 50
  for dr in 768,800 768,1024 1024,1100 512,640 256,320; do echo "## WG_EXP_RING=$dr"; WG_EXP_RING=$dr timeout 60 $W compact --n 67108864 --variant stable --runs 50; done
  $W compact --n 67108864 --pass-fraction 1 --variant stable --runs 30
  for dr in 768,800 1024,2048; do echo "## 100% WG_EXP_RING=$dr"; WG_EXP_RING=$dr timeout 60 $W compact --n 67108864 --pass-fraction 1 --variant stable --runs 30; done
done
} > "$out/call6.txt" 2>&1
