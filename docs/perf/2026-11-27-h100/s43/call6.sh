#!/bin/bash
# Forty-third session, call 6: what onesweep's look-back costs. WG_EXP_REPLAY=1 logs each tile's
# prefix in the first run; later runs of the same keys read it instead of looking back (exact,
# every write where a sort's goes). Alternating twice.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 30 | tail -3
for m in base replay replay base; do
  unset WG_EXP_REPLAY; [ $m = replay ] && export WG_EXP_REPLAY=1
  for n in 65536 1048576 4194304 16777216 67108864; do
    echo "== onesweep $m u32 $n"; $W sort --n $n --type u32 --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
  done
  echo "== onesweep $m u32 indices 67108864"; $W sort --n 67108864 --type u32 --indices --variant onesweep --runs 20 2>&1 | grep -E '^onesweep ' | cut -c1-60
  echo "== radix $m u32 67108864"; $W sort --n 67108864 --type u32 --variant radix --runs 30 2>&1 | grep -E '^radix ' | cut -c1-60
done
} > $OUT/call6.txt 2>&1
