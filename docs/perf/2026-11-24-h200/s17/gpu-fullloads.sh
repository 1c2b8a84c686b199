#!/bin/bash
# Seventeenth session, call 9: the counters loading full tiles with plain 16-byte loads (no
# bound checks but in the last tile; workgroup-v1) against the build as it is (workgroup).
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
for nf in "67108864 0.5" "67108864 0.5" "16777216 0.5" "67108864 0.001"; do set -- $nf
  for B in workgroup workgroup-v1; do
    echo "## $B --n $1 --pass-fraction $2"
    timeout 60 .gpu/$B $S --n $1 --pass-fraction $2 2>&1 | grep -E '^stable|rror|count_overlap'
  done
done
