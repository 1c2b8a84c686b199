#!/bin/bash
# Forty-third session, call 9 (asked for an H200): on an H200, issue #5's goals at commit 6316fd3
# (bash scripts/gpu-run.sh goals); on an H100, the onesweep rows' change once more against commit
# 557c26b at 2^16-2^20 (B K K B K B), where call 8 found f32 and i32 at 2^20 0.6-1.5% slower.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$name" > $OUT/device.txt
if echo "$name" | grep -q H200; then
  bash scripts/gpu-run.sh goals > $OUT/goals-run.txt 2>&1
  rm -f $OUT/workgroup.txt
  cd $OUT && files=$(ls | grep -vE '^(goals-run.txt|device.txt)$') && tar czf peers.tgz $files && rm -rf $files
  exit 0
fi
{
for m in B K K B K B; do
  W=.gpu/workgroup; [ $m = B ] && W=.gpu/wg-base
  for ty in u32 f32 i32; do for n in 65536 262144 1048576; do
    echo "== onesweep $m $ty $n"; $W sort --n $n --type $ty --variant onesweep --runs 50 2>&1 | grep -E '^onesweep ' | cut -c1-60
  done; done
done
} > $OUT/call9-ab.txt 2>&1
