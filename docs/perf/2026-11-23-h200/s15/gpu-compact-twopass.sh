#!/bin/bash
# Fifteenth session, fourth call: `stable` in two passes (WG_CHUNK=1 in the experiment build; it
# became the default, glsl/compact/stable_count_super.comp and stable_scatter_prefix.comp, so
# today run it without WG_CHUNK): count (tile counts, and 256-tile superblock sums by atomics), one barrier,
# scatter (each tile's prefix from the superblock sums before it and its superblock's counts
# before it, read in the rank's barrier; written one round per subgroup). Against
# stable-lookback (the large kernel from 2^23, the persistent grid below) in the same call.
source scripts/gpu-compact-dealt-common.sh
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*}"; .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|chunk_"; }
for nf in "67108864 0.5" "67108864 0.001" "67108864 0" "67108864 1" "16777216 0.5" "8388608 0.5" "4194304 0.5" "1048576 0.5" "67108864 0.5"; do set -- $nf
  row --n $1 --pass-fraction $2
  WG_CHUNK=1 srow --n $1 --pass-fraction $2
done
srow --n 67108864 --pass-fraction 0.5
