#!/bin/bash
# Forty-fifth session, call 5: `tile-atomic` reading its length at run time (a counted form; each
# pipeline skips the other's tile) against the first build (0ddbc6c, wg-base), alternating twice;
# then the counted study (n from the host against counted on the GPU, `tile-atomic` rows new).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
{
nvidia-smi --query-gpu=name,driver_version --format=csv
.gpu/workgroup compact --n 67108864 $A --variant tile-atomic --runs 5 --passes 2>&1 | grep -iE "rror|tile_atomic" | cut -c1-200
for k in 1 2; do
  for W in .gpu/wg-base .gpu/workgroup .gpu/workgroup .gpu/wg-base; do
    echo "## $W round $k"
    for n in 67108864 67108863 16777216 1048576; do
      echo "# n=$n 50%"; $W compact --n $n $A --pass-fraction 0.5 --variant subgroup-ballot,tile-atomic --runs 50 | grep -E "^tile|rror"
    done
  done
done
.gpu/workgroup study --ops counted --out $OUT/study > $OUT/study.log 2>&1
grep -iE "compact|rror" $OUT/study/study.md | head -40
} > $OUT/call5.txt 2>&1
