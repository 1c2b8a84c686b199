#!/bin/bash
# Thirty-ninth session, call 1: the CUDA proxy of radix's scatter (scripts/proxies/radix_scatter_proxy.cu)
# timed and profiled with Nsight Compute next to CUB's onesweep pass, and our Vulkan radix sort at
# 2^26 for reference, one machine.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio'
B=gpu__time_duration.sum,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__thread_inst_executed_per_inst_executed.ratio
{
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
for v in "12 1" "12 3" "12 4" "8 1"; do set -- $v
  nvcc -O3 -arch=sm_90 -std=c++17 -DKPI=$1 -DMINB=$2 -o /tmp/proxy_$1_$2 scripts/proxies/radix_scatter_proxy.cu || echo "nvcc failed $v"
done
for v in 12_1 12_3 12_4 8_1; do /tmp/proxy_$v 26 0; /tmp/proxy_$v 26 8; /tmp/proxy_$v 24 0; done
.gpu/workgroup sort --n 67108864 --type u32 --variant radix,onesweep --runs 30 --stats
echo "=== ncu: proxy 12_1 at 2^26"
timeout 150 ncu --metrics $B,$M --kernel-name scatter --launch-skip 3 --launch-count 1 /tmp/proxy_12_1 26 0
echo "=== ncu: proxy 12_4 at 2^26"
timeout 150 ncu --metrics $B,$M --kernel-name scatter --launch-skip 3 --launch-count 1 /tmp/proxy_12_4 26 0
nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/sort_cub scripts/peers/sort_cub.cu
echo "=== ncu: CUB onesweep, 2^26 u32, first pass"
timeout 240 ncu --metrics $B,$M --kernel-name regex:Onesweep --launch-skip 792 --launch-count 2 --kill yes /tmp/sort_cub
} > $out/call1.txt 2>&1
