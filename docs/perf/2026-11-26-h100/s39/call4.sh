#!/bin/bash
# Thirty-ninth session, call 4: how the CUDA proxy's match ranking finds a lane's peers: eight
# ballots (MATCH_MODE 0), __match_any_sync (1), or atomicOr on a shared mask per digit (2, CUB's
# WARP_MATCH_ATOMIC_OR), at 12 and 16 keys an invocation; instructions from Nsight Compute.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
B=gpu__time_duration.sum,launch__registers_per_thread,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active
{
nvcc -O3 -arch=sm_90 -std=c++17 -DKPI=12 -DMINB=3 -o /tmp/p_split scripts/proxies/radix_scatter_proxy.cu
for v in "0 12 4" "1 12 4" "2 12 4" "1 16 3" "2 16 3" "2 12 3"; do set -- $v
  nvcc -O3 -arch=sm_90 -std=c++17 -DRANK_MATCH=1 -DMATCH_MODE=$1 -DKPI=$2 -DMINB=$3 -o /tmp/p_$1_$2_$3 scripts/proxies/radix_scatter_proxy.cu || echo "nvcc failed $v"
done
B2="p_split p_0_12_4 p_1_12_4 p_2_12_4 p_1_16_3 p_2_16_3 p_2_12_3"
for r in 1 2; do for b in $B2; do /tmp/$b 26 0; done; done
for b in $B2; do /tmp/$b 26 0 0; /tmp/$b 26 0 0f0f0f0f; /tmp/$b 24 8; done
for b in $B2; do echo "== ncu $b"; timeout 100 ncu --metrics $B --kernel-name regex:scatter --launch-skip 3 --launch-count 1 /tmp/$b 26 0 | grep -E 'gpu__|inst_exec|issue_active|warps_active|registers'; done
} > $out/call4.txt 2>&1
