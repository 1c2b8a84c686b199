#!/bin/bash
# Session 30: the running-sum passes' workgroup size (128 now) against 32, 64, 256, and segments, on 4096x4096.
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
W=.gpu/workgroup-exp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for rep in 1 2; do
for cfg in "rgba16f 15" "rgba16f 63" "rgba8 63" "bgra8-srgb 127"; do set -- $cfg
  for wg in 32 64 128 256; do
    echo "## rep=$rep $1 N=$2 wg=$wg"
    WG_EXP_PASS_WG=$wg $W blur --synthetic 4096x4096:natural --format $1 --filter $2 --variant fastest-sampled --runs 20 | grep -E "^fastest-sampled |rror"
  done
done
done
for wg in 64 256; do for s in 16 32 64; do echo "## rgba16f N=15 wg=$wg seg=$s"; WG_EXP_PASS_WG=$wg $W blur --synthetic 4096x4096:natural --format rgba16f --filter 15 --variant fastest-sampled --sampled-segment $s --runs 20 | grep -E "^fastest-sampled |rror"; done; done
