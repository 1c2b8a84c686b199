#!/bin/bash
# Thirty-ninth session, call 7: why the Vulkan match ranking (build B) is slower than the CUDA
# proxy's: build C counts in whole words with plain stores by the last invocation of a digit
# (B: 16-bit halves, atomicAdd; C needs 8 KiB of counts, so NVIDIA only), A/B/C alternating; and
# the machine code of B's and C's scatter, and of the proxy's match kernel.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out/k
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
for r in 1 2; do for w in a b c; do
  for t in u32 f32; do for n in 16777216 67108864; do
    echo "== $w r$r $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix --runs 30 | grep -E '^(radix|onesweep) '
  done; done
done; done
for w in b c; do .gpu/wg-$w --internals /tmp/k-$w sort --n 100000 --type u32 --variant radix --runs 1 > /dev/null; python3 scripts/nvidia-sass /tmp/k-$w; cp /tmp/k-$w/*radix_scatter*.sass $out/k/$w-radix_scatter.sass; done
nvcc -O3 -arch=sm_90 -std=c++17 -DRANK_MATCH=1 -DKPI=12 -DMINB=3 -o /tmp/p_m scripts/proxies/radix_scatter_proxy.cu && cuobjdump -sass -fun scatter_match /tmp/p_m > $out/k/proxy-match.sass 2>&1 || cuobjdump -sass /tmp/p_m > $out/k/proxy-match.sass
/tmp/p_m 26 0
} > $out/call7.txt 2>&1
tar -C $out -czf $out/call7-k.tgz k && rm -rf $out/k
