#!/bin/bash
# Forty-second session, call 6: the sort mode of scripts/gpu-run.sh at the session's commit
# (tile-major counts, a scan by blocks of 32 tiles), with CUB's DeviceRadixSort and torch.sort;
# then the goals mode (issue #5: reduce next to torch.sum, the ordered compaction next to CUB,
# x[x > 0.5] and the floor, and ../shared/peers/run.sh).
set -u
bash scripts/gpu-run.sh sort > $OUT/sort-run.txt 2>&1
tar -C $OUT -czf $OUT/study-sort.tgz study-sort && rm -rf $OUT/study-sort $OUT/workgroup.txt
bash scripts/gpu-run.sh goals > $OUT/goals-run.txt 2>&1
rm -f $OUT/workgroup.txt
cd $OUT && files=$(ls | grep -vE '^(sort-run.txt|goals-run.txt|study-sort.tgz)$') && tar czf peers.tgz $files && rm -rf $files; ls $OUT
