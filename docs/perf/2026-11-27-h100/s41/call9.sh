#!/bin/bash
# Forty-first session, call 9: the sort mode of scripts/gpu-run.sh at commit 3f7a246 (tiles of
# 5120, onesweep's look-back window of 8), with CUB's DeviceRadixSort and torch.sort.
set -u
bash scripts/gpu-run.sh sort > $OUT/sort-run.txt 2>&1
tar -C $OUT -czf $OUT/study-sort.tgz study-sort && rm -rf $OUT/study-sort $OUT/workgroup.txt
