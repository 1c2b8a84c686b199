#!/bin/bash
# Thirty-ninth session, call 2: where the scatter's instructions go. Nsight Compute's source page
# (executed instructions and stall samples per SASS line) of the CUDA proxy at 3 groups a
# multiprocessor, the proxy with the subgroup totals scanned by shuffles, and the machine code of
# our Vulkan scatter (--internals + scripts/nvidia-sass) beside the proxy's (cuobjdump).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out/k
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
B=gpu__time_duration.sum,launch__registers_per_thread,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active
{
for x in 0 1; do nvcc -O3 -lineinfo -arch=sm_90 -std=c++17 -DKPI=12 -DMINB=3 -DXWARP_SHFL=$x -o /tmp/proxy_x$x scripts/proxies/radix_scatter_proxy.cu; done
for r in 1 2; do for x in 0 1; do /tmp/proxy_x$x 26 0; /tmp/proxy_x$x 24 8; done; done
for x in 0 1; do timeout 120 ncu --metrics $B --kernel-name scatter --launch-skip 3 --launch-count 1 /tmp/proxy_x$x 26 0 | grep -E 'gpu__|inst_exec|issue_active|warps_active|registers'; done
timeout 200 ncu --set full --import-source yes -o /tmp/prof --kernel-name scatter --launch-skip 3 --launch-count 1 /tmp/proxy_x0 26 0 > /dev/null
ncu -i /tmp/prof.ncu-rep --page details > $out/proxy-details.txt 2>&1
ncu -i /tmp/prof.ncu-rep --page source --csv --print-source sass > $out/k/proxy-source-sass.csv 2>&1
cuobjdump -sass /tmp/proxy_x0 > $out/k/proxy.sass 2>&1
.gpu/workgroup --internals /tmp/k sort --n 1000000 --type u32 --variant radix --runs 1 > /dev/null
python3 scripts/nvidia-sass /tmp/k
cp /tmp/k/*radix_scatter*.sass $out/k/ 2>/dev/null
} > $out/call2.txt 2>&1
tar -C $out -czf $out/call2-k.tgz k && rm -rf $out/k
