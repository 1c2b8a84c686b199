#!/bin/bash
# Sixteenth session, call 2: the build with the scatter walking its tiles last first and the
# superblock sums in two alternating sets (no fill), against the fifteenth session's final build
# (.gpu/workgroup-s15, commit 1c69345) in the same call; with and without --l2-scrub 256.
source scripts/gpu-compact-dealt-common.sh
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## $B stable ${*}"; .gpu/$B $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|stable_count_super|stable_scatter_prefix"; }
for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5" "4194304 0.5" "1048576 0.5" "67108864 0.5"; do set -- $nf
  for B in workgroup-s15 workgroup; do srow --n $1 --pass-fraction $2; done
done
B=workgroup; srow --n 67108864 --pass-fraction 0.5 --l2-scrub 256; srow --n 16777216 --pass-fraction 0.5 --l2-scrub 256
B=workgroup; echo "## lookback scrub"; .gpu/workgroup $A --n 67108864 --pass-fraction 0.5 --l2-scrub 256 2>&1 | grep -E "^stable|passes: stable"
row --n 67108864 --pass-fraction 0.5
srow --n 67108864 --pass-fraction 0.5 --stable-passes 3
.gpu/workgroup compact --n 1000003 --pass-fraction 0.5 --variant stable,stable-lookback --runs 5 --validate 2>&1 | tail -4
for s in 1 2 3; do .gpu/workgroup compact --n $((3000017*s)) --pass-fraction 0.3 --variant stable --runs 3 2>&1 | grep '^stable'; done
