#!/bin/bash
# Fifteenth session, third call: `stable` in chunks that fit L2 (WG_CHUNK=tiles per chunk in the
# experiment build, not kept: its kernels became stable_count_super.comp and
# stable_scatter_prefix.comp, with one chunk total per 256 bytes instead of superblock sums): count chunk c and scatter chunk c - 1 (its tiles again,
# from L2) in one step, one barrier per step, the prefix from the chunk totals and the tile
# counts (no scan pass, no waits). Against stable-lookback (the large kernel) and the 3-pass
# `stable` in the same call. 2^26 f32 > 0.5 unless stated.
source scripts/gpu-compact-dealt-common.sh
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*}"; .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|registers|Register Count|passes: stable|gave up" | grep -v 'stable_lookback\|stable_count:\|stable_scan\|stable_scatter'; }
N="--n 67108864 --pass-fraction 0.5"
row $N
srow $N
for ct in 16384 4096 2048 1024 512 256 128; do WG_CHUNK=$ct srow $N; done
row $N
for nf in "67108864 0.001" "67108864 1" "16777216 0.5" "8388608 0.5"; do set -- $nf
  row --n $1 --pass-fraction $2
  for ct in 1024 512; do WG_CHUNK=$ct srow --n $1 --pass-fraction $2; done
done
