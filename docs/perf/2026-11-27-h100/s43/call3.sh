#!/bin/bash
# Forty-third session, call 3: where the sorts' time goes and one change, alternating twice.
# radix: WG_EXP_SKIP_SCAN=1 records no scan step and no barrier after it (timing only: wrong).
# onesweep: WG_EXP_NO_LOOKBACK=1 (timing only: no look-back at all), WG_EXP_PREFETCH=1 (the
# first window's 8 words read before the ranking, summed after it).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 30 | tail -3
for k in 1 2; do
  for m in base skipscan; do
    unset WG_EXP_SKIP_SCAN; [ $m = skipscan ] && export WG_EXP_SKIP_SCAN=1
    for n in 1048576 16777216 67108864; do
      echo "== radix $m u32 $n round $k"; $W sort --n $n --type u32 --variant radix --runs 30 2>&1 | grep -E '^radix ' | cut -c1-60
    done
  done
  unset WG_EXP_SKIP_SCAN
  for m in base nolookback prefetch; do
    unset WG_EXP_NO_LOOKBACK WG_EXP_PREFETCH
    [ $m = nolookback ] && export WG_EXP_NO_LOOKBACK=1
    [ $m = prefetch ] && export WG_EXP_PREFETCH=1
    for n in 1048576 16777216 67108864; do
      echo "== onesweep $m u32 $n round $k"; $W sort --n $n --type u32 --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
    done
    echo "== onesweep $m u32 indices 67108864 round $k"; $W sort --n 67108864 --type u32 --indices --variant onesweep --runs 20 2>&1 | grep -E '^onesweep ' | cut -c1-60
  done
done
unset WG_EXP_NO_LOOKBACK
export WG_EXP_PREFETCH=1
echo "== prefetch stats"; $W sort --n 1048576 --type u32 --variant onesweep --runs 2 --stats 2>&1 | grep -iE "onesweep|register" | head -8
echo "== prefetch f32 2^26 + 3 normal, check"; $W sort --n 67108867 --type f32 --dist normal --variant onesweep --runs 5 2>&1 | grep -E '^onesweep ' | cut -c1-60
} > $OUT/call3.txt 2>&1
