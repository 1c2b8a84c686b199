#!/bin/bash
# Forty-third session, call 1 (asked for an H200): issue #5's goals at commit 4974d3b
# (scripts/gpu-run.sh goals, with CUB, torch and ../shared/peers/run.sh), then a sweep of the
# ordered compaction's overlap knobs at 2^26 f32 (50%): counter groups, split tail, tiles.
set -u
bash scripts/gpu-run.sh goals > $OUT/goals-run.txt 2>&1
rm -f $OUT/workgroup.txt
cd $OUT && files=$(ls | grep -vE '^(goals-run.txt)$') && tar czf peers.tgz $files && rm -rf $files; cd - >/dev/null
W=.gpu/workgroup; A="compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30"
{
for k in 1 2; do
  for o in 66 132 198 264; do echo "## overlap $o"; $W $A --stable-overlap $o | grep -E "^stable|rror"; done
  for t in true false; do echo "## split tail $t"; $W $A --stable-overlap-split-tail $t | grep -E "^stable|rror"; done
  echo "## passes"; $W $A --passes | grep -E "^stable|rror|passes"
done
} > $OUT/sweep.txt 2>&1
ls $OUT
