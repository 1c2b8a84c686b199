#!/bin/bash
# Forty-fourth session, call 6: where one variant overtakes another in the reduction and the
# compaction, by size (medians of 30), for the library's choice of a variant.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for e in 10 12 14 16 18 20 22 24 26 28; do n=$((1<<e))
  echo "## reduce 2^$e"; $W reduce --n $n --type f32 --op sum --variant all --runs 30 | grep -E "^(tree|subgroup|single)|rror"
done
for e in 10 12 14 16 18 20 22 24 26; do n=$((1<<e))
  echo "## compact 2^$e"; $W compact --n $n --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant all --runs 30 | grep -E "^(global|group|subgroup|stable)|rror"
done
for e in 16 20 24; do n=$((1<<e))
  echo "## compact 2^$e 0.1%"; $W compact --n $n --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant all --runs 30 | grep -E "^(global|group|subgroup|stable)|rror"
done
} > $OUT/call6.txt 2>&1
