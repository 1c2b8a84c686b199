#!/bin/bash
# Fifteenth session, last call: the committed build (`stable` in two passes by default, a
# barrier before each ordered run's fills) against stable-lookback, 2^26 f32 > 0.5 unless stated.
source scripts/gpu-compact-dealt-common.sh
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*}"; .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|stable_count_super|stable_scatter_prefix"; }
for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5" "1048576 0.5" "67108864 0.5"; do set -- $nf
  row --n $1 --pass-fraction $2
  srow --n $1 --pass-fraction $2
done
srow --n 67108864 --pass-fraction 0.5 --stable-passes 3
.gpu/workgroup compact --n 1000003 --pass-fraction 0.5 --variant stable,stable-lookback --runs 5 --validate 2>&1 | tail -4
