#!/bin/bash
# Forty-third session, call 11 (asked for an H200): on an H200, `bash scripts/gpu-run.sh sort` at
# commit 6316fd3 with CUB and torch.sort (the sorts' first full record on an H200 since the
# twenty-third session); on an H100, nothing.
set -u
name=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$name" > $OUT/device.txt
echo "$name" | grep -q H200 || exit 0
bash scripts/gpu-run.sh sort > $OUT/sort-run.txt 2>&1
tar -C $OUT -czf $OUT/study-sort.tgz study-sort && rm -rf $OUT/study-sort $OUT/workgroup.txt
ls $OUT
