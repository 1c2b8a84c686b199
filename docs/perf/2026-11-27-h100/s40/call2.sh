#!/bin/bash
# Fortieth session, call 2: where `radix`'s i32 and f32 keys lose 4-5% against u32 once the keys
# stay images between passes (call 1). One binary, the kernels' forms by an experiment switch
# (WG_RADIX_FORMS, not committed): "" images between passes (call 1's B), "type" every pass
# converting (call 1's A), "u32" every pass as u32 (wrong results for i32 and f32, times only);
# alternating twice. Then u32 and i32 keys from a file of other uniform words, and the sort with
# indices and onesweep under "" and "type".
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/wg-b
python3 -c "import numpy as np; np.random.default_rng(7).integers(0, 2**32, 2**26, dtype=np.uint32).tofile('/tmp/w26.bin')"
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for r in 1 2; do
  for n in 16777216 67108864; do
    echo "== r$r u32 $n"; $W sort --n $n --type u32 --variant radix --runs 30 | grep -E '^radix '
    for f in "" type u32; do for t in i32 f32; do
      echo "== r$r forms=$f $t $n"; WG_RADIX_FORMS=$f $W sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60
    done; done
  done
  for t in u32 i32; do echo "== r$r file $t"; $W sort --input /tmp/w26.bin --type $t --variant radix --runs 30 | grep -E '^radix ' | cut -c1-60; done
  for f in "" type; do echo "== r$r forms=$f f32 indices 67108864"; WG_RADIX_FORMS=$f $W sort --n 67108864 --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) ' | cut -c1-60; done
done
} > $out/call2.txt 2>&1
