#!/bin/bash
# Forty-sixth session, call 5: the number of counter groups beside the scatter that now reads its
# prefix words after the rank (--stable-overlap N; the default is one per multiprocessor), two
# rounds; on an H200 also the goals with the peers and this build against the kept one.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
W=.gpu/workgroup
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
sms=$($W devices 2>/dev/null | grep -io 'multiprocessors[^,;]*' | head -1)
{
echo "$name / $sms"
for k in 1 2; do
  for c in 0 110 120 132 144 160 176; do
    o=""; [ $c != 0 ] && o="--stable-overlap $c"
    echo "## counters $c round $k"
    echo "# 2^26 50%"; $W compact --n 67108864 $A --pass-fraction 0.5 --variant stable $o --runs 50 | grep -E "^stable|rror"
    echo "# 2^24 50%"; $W compact --n 16777216 $A --pass-fraction 0.5 --variant stable $o --runs 50 | grep -E "^stable|rror"
  done
done
} > $OUT/call5-sweep.txt 2>&1
if echo "$name" | grep -q H200; then
  OUT=$OUT/goals bash scripts/gpu-run.sh goals > /dev/null 2>&1
  {
  for k in 1 2; do
    for B in .gpu/wg-base .gpu/workgroup .gpu/workgroup .gpu/wg-base; do
      echo "## $B round $k"
      echo "# 2^26 50%"; $B compact --n 67108864 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
      echo "# 2^24 50%"; $B compact --n 16777216 $A --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
      echo "# 2^26 0.1%"; $B compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
    done
  done
  } > $OUT/ab.txt 2>&1
fi
