#!/bin/bash
# Call 5: every op's kernels as the NVIDIA driver compiled them: `--internals DIR` then
# scripts/nvidia-sass DIR (nvdisasm on the code unpacked from each pipeline's cache data).
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
I=/tmp/internals
{
date -u
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv
$W --internals $I/compact compact --n 1000003 --variant all --runs 1 --pass-fraction 0.5
$W --internals $I/reduce reduce --n 1000003 --type f32 --op sum --variant all --runs 1
$W --internals $I/scan scan --n 1000003 --type u32 --op sum --exclusive --variant all --runs 1
$W --internals $I/sort sort --n 1000003 --type u32 --variant radix,onesweep --runs 1
$W --internals $I/histogram histogram assets/coffee.png --variant all --runs 1
$W --internals $I/blur blur assets/coffee.png --filter 15 --variant all --runs 1
for op in compact reduce scan sort histogram blur; do echo "=== $op"; python3 scripts/nvidia-sass $I/$op; echo "rc=$?"; done
echo "=== errors"; $W --internals /proc/nope reduce --n 10; echo "rc=$?"
date -u
} > $out/call5.txt 2>&1
cd /tmp && tar czf $out/internals.tgz internals
