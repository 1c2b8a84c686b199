#!/bin/bash
# Forty-third session, call 10 (asked for an H200): on an H200, the ordered compaction's overlap
# knobs at 2^26 f32 (50%), two rounds (counter groups, the last tile split off or not, halves or
# subgroups' writes, 8-round tiles); on an H100, call 9's A/B of onesweep's rows.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$name" > $OUT/device.txt
W=.gpu/workgroup
if echo "$name" | grep -q H200; then
  A="compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30"
  {
  for k in 1 2; do
    echo "## default"; $W $A | grep -E "^stable|rror"
    for o in 66 198 264; do echo "## overlap $o"; $W $A --stable-overlap $o | grep -E "^stable|rror"; done
    for t in true false; do echo "## split tail $t"; $W $A --stable-overlap-split-tail $t | grep -E "^stable|rror"; done
    echo "## halves false"; $W $A --stable-overlap-halves false | grep -E "^stable|rror"
    echo "## two passes"; $W $A --stable-overlap 0 | grep -E "^stable|rror"
    echo "## stable-lookback"; $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable-lookback --runs 30 | grep -E "^stable|rror"
  done
  echo "## passes"; $W $A --passes | grep -E "^stable|rror|passes: stable"
  } > $OUT/sweep.txt 2>&1
  exit 0
fi
{
for m in B K K B K B; do
  W=.gpu/workgroup; [ $m = B ] && W=.gpu/wg-base
  for ty in u32 f32 i32; do for n in 65536 262144 1048576; do
    echo "== onesweep $m $ty $n"; $W sort --n $n --type $ty --variant onesweep --runs 50 2>&1 | grep -E '^onesweep ' | cut -c1-60
  done; done
done
} > $OUT/call10-ab.txt 2>&1
