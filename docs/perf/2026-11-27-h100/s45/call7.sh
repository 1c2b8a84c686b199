#!/bin/bash
# Forty-fifth session, call 7: the counted study again, with the counted three passes of
# `stable` (stable_count.comp, stable_scatter.comp) also aiming a tile past the count at the last
# tile, as tile_atomic.comp since call 6; and `stable` in three passes from the host against the
# 0ddbc6c (wg-base; its three passes are call 6's), alternating twice.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --stable-passes 3 --runs 30"
{
for W in .gpu/wg-base .gpu/workgroup .gpu/workgroup .gpu/wg-base; do
  echo "## $W"; $W compact --n 67108864 $A | grep -E "^stable|rror"; $W compact --n 16777216 $A | grep -E "^stable|rror"
done
.gpu/workgroup study --ops counted --out $OUT/study > $OUT/study.log 2>&1
grep -E "2\^2[46]" $OUT/study/study.md | grep -iE "compact" | cut -c1-160
} > $OUT/call7.txt 2>&1
