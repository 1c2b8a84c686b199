#!/bin/bash
# A/B: the single-pass scan with its tickets drawn an iteration ahead (new) or just in time (old).
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do
  for b in old new; do
    for n in 1048576 16777216 67108864 268435456; do
      echo "## $b rep $rep u32 exclusive n=$n"
      .gpu/workgroup-$b scan --variant single-pass --type u32 --exclusive --n $n --runs 30 | grep '^single-pass'
    done
    echo "## $b rep $rep f32 inclusive n=67108864"
    .gpu/workgroup-$b scan --variant single-pass --type f32 --n 67108864 --runs 30 | grep '^single-pass'
  done
done
