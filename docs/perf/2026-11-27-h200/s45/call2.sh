#!/bin/bash
# Forty-fifth session, call 2 (same build as call 1): `tile-atomic` by size against the other
# unordered variants, at 2^28 not first in its process (call 1's first variant at 2^28 was slow
# in both builds), and on u32 / i32 keys.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for k in 1 2; do
  echo "## round $k"
  for n in 1024 65536 262144 1048576 4194304 16777216; do
    echo "# n=$n 50%"; .gpu/workgroup compact --n $n $A --pass-fraction 0.5 --variant subgroup-ballot,tile-atomic,group-counter --runs 30 | grep -E "^(subgroup|tile|group)|rror"
  done
  echo "# 2^28 50%, tile-atomic second and fourth"; .gpu/workgroup compact --n 268435456 $A --pass-fraction 0.5 --variant subgroup-ballot,tile-atomic,stable,tile-atomic --runs 20 | grep -E "^(stable|subgroup|tile)|rror"
  echo "# 2^26 u32 even / i32 lt:0"; .gpu/workgroup compact --n 67108864 --type u32 --pred even --variant subgroup-ballot,tile-atomic,stable --runs 30 | grep -E "^(stable|subgroup|tile)|rror"
  .gpu/workgroup compact --n 67108864 --type i32 --pred lt:0 --variant subgroup-ballot,tile-atomic,stable --runs 30 | grep -E "^(stable|subgroup|tile)|rror"
done
} > $OUT/call2.txt 2>&1
