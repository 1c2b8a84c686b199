#!/bin/bash
# Forty-third session, call 4: call 3's diagnoses again with writes spread as a sort's (timing
# only, wrong results): radix without the scan step, its scatter taking each tile's expected
# offsets (tile x 20 keys a digit, digit x n / 256) instead of reading them (WG_EXP_SKIP_SCAN=1);
# onesweep without the look-back, each tile's prefix the expected one (WG_EXP_NO_LOOKBACK=2).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 30 | tail -3
for k in 1 2; do
  for m in base fake; do
    unset WG_EXP_SKIP_SCAN WG_EXP_NO_LOOKBACK
    [ $m = fake ] && export WG_EXP_SKIP_SCAN=1 WG_EXP_NO_LOOKBACK=2
    for n in 1048576 16777216 67108864; do
      echo "== radix $m u32 $n round $k"; $W sort --n $n --type u32 --variant radix --runs 30 2>&1 | grep -E '^radix ' | cut -c1-60
      echo "== onesweep $m u32 $n round $k"; $W sort --n $n --type u32 --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
    done
    echo "== onesweep $m u32 indices 67108864 round $k"; $W sort --n 67108864 --type u32 --indices --variant onesweep --runs 20 2>&1 | grep -E '^onesweep ' | cut -c1-60
  done
done
} > $OUT/call4.txt 2>&1
