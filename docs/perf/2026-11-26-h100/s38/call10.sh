#!/bin/bash
# Thirty-eighth session, call 10: Nsight Compute on the CUB peers (it cannot see our Vulkan
# dispatches): the launch shape, registers, occupancy, DRAM bytes and L2 hit rate of CUB's
# ordered compaction at 2^26 (DeviceSelect::If, 50% kept), of the read-all-write-half floor, and
# of CUB's onesweep radix passes (the first four launches: 2^20 u32 keys; the shape is the same at
# every size).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
M=launch__block_size,launch__grid_size,launch__registers_per_thread,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for p in compact_cub sort_cub; do nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/$p scripts/peers/$p.cu; done
echo "=== select, 2^26"
timeout 200 ncu --metrics $M --kernel-name regex:"Select|read4_write2" --launch-skip 20 --launch-count 3 /tmp/compact_cub 26
echo "=== onesweep"
timeout 200 ncu --metrics $M --kernel-name regex:"Onesweep|Histogram" --launch-count 5 /tmp/sort_cub
} > $out/ncu-cub.txt 2>&1
