#!/bin/bash
# Thirty-ninth session, call 3: the CUDA proxy ranking by matched digits (RANK_MATCH=1: eight
# ballots a key, per-warp digit counts, as CUB) against the splits, keys per invocation 12 / 16 /
# 20, on uniform keys, keys of 16 distinct digits (mask 0f0f0f0f) and all-equal keys (mask 0).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
B=gpu__time_duration.sum,launch__registers_per_thread,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
{
nvcc -O3 -arch=sm_90 -std=c++17 -DKPI=12 -DMINB=3 -o /tmp/p_split scripts/proxies/radix_scatter_proxy.cu
for v in "12 3" "12 4" "16 2" "16 3" "20 2"; do set -- $v
  nvcc -O3 -arch=sm_90 -std=c++17 -DRANK_MATCH=1 -DKPI=$1 -DMINB=$2 -o /tmp/p_m$1_$2 scripts/proxies/radix_scatter_proxy.cu || echo "nvcc failed $v"
done
for r in 1 2; do
  for b in p_split p_m12_3 p_m12_4 p_m16_2 p_m16_3 p_m20_2; do /tmp/$b 26 0; done
done
for b in p_split p_m12_3 p_m16_2 p_m20_2; do /tmp/$b 24 8; /tmp/$b 26 0 0f0f0f0f; /tmp/$b 26 0 0; /tmp/$b 20 0; done
for b in p_split p_m12_3 p_m16_2 p_m20_2; do echo "== ncu $b"; timeout 100 ncu --metrics $B --kernel-name regex:scatter --launch-skip 3 --launch-count 1 /tmp/$b 26 0 | grep -E 'gpu__|inst_exec|issue_active|warps_active|registers|conflicts'; done
} > $out/call3.txt 2>&1
