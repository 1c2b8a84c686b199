#!/bin/bash
# Forty-third session, call 8: the kept build (onesweep keys only taking each tile's counts from
# its ranking's rows) against commit 557c26b (.gpu/wg-base), alternating twice (B K K B), then
# `bash scripts/gpu-run.sh sort` with CUB and torch.sort for the record.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for m in B K K B; do
  W=.gpu/workgroup; [ $m = B ] && W=.gpu/wg-base
  for ty in u32 f32 i32; do for n in 65536 1048576 4194304; do
    echo "== onesweep $m $ty $n"; $W sort --n $n --type $ty --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
  done; done
  echo "== onesweep $m u32 67108864"; $W sort --n 67108864 --type u32 --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
  echo "== onesweep $m f32 indices 1048576"; $W sort --n 1048576 --type f32 --indices --variant onesweep --runs 30 2>&1 | grep -E '^onesweep ' | cut -c1-60
done
} > $OUT/call8-ab.txt 2>&1
bash scripts/gpu-run.sh sort > $OUT/sort-run.txt 2>&1
tar -C $OUT -czf $OUT/study-sort.tgz study-sort && rm -rf $OUT/study-sort $OUT/workgroup.txt
ls $OUT
