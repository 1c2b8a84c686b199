#!/bin/bash
# A/B of stable-lookback (docs/reduce_compact.md): the previous binary (.gpu/workgroup-base, if
# carried) against this one, 2^26 f32 at 50% and 0.1% passing, interleaved, twice over, with the
# kernel's registers and its look-back reads (--lookback-diag 3: exact, counts walks); then this
# binary's persistent grid at 132 / 264 / 396 groups (3 groups of 256 fit a multiprocessor at
# 65 registers; the default 528 assumes 4).
A="compact --n 67108864 --type f32 --pred gt:0.5 --runs 30 --variant stable-lookback --passes --lookback-diag 3"
row() { echo "## $1 ${*:2}"; $1 $A "${@:2}" | grep -E "^stable|rror|look-backs|stable_lookback:"; }
for k in 1 2; do
  for f in 0.5 0.001; do
    [ -x .gpu/workgroup-base ] && row .gpu/workgroup-base --pass-fraction $f
    row .gpu/workgroup --pass-fraction $f
  done
done
for g in 132 264 396; do
  [ -x .gpu/workgroup-base ] && row .gpu/workgroup-base --pass-fraction 0.5 --lookback-groups $g
  row .gpu/workgroup --pass-fraction 0.5 --lookback-groups $g
done
