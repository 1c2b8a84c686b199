#!/bin/bash
# Thirty-ninth session, call 11: the sort mode of scripts/gpu-run.sh at commit 7d66b5e (the radix
# sorts next to CUB's DeviceRadixSort and torch.sort, and the study's sort rows), one call.
set -u
bash scripts/gpu-run.sh sort > $OUT/sort-run.txt 2>&1
tar -C $OUT -czf $OUT/study-sort.tgz study-sort && rm -rf $OUT/study-sort
