#!/bin/bash
# Forty-fourth session, call 9 (asked for an H100): call 5 once more, where one variant overtakes another, for the library's choice of
# a variant by size (sort: bitonic / onesweep / radix, keys only and with indices; scan:
# reduce-then-scan / overlap / single-pass, sums and running max), medians of 30.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for n in 128 1024 2048; do echo "## sort $n"; $W sort --n $n --type u32 --variant bitonic,radix,onesweep --runs 30 | grep -E "^(bitonic|radix|onesweep)|rror" | cut -c1-50; done
for e in 12 14 16 18 19 20 21 22 23 24; do n=$((1<<e))
  echo "## sort 2^$e"; $W sort --n $n --type u32 --variant radix,onesweep --runs 30 | grep -E "^(radix|onesweep)|rror" | cut -c1-50
  echo "## sort 2^$e indices"; $W sort --n $n --type f32 --indices --runs 30 | grep -E "^(radix|onesweep)|rror" | cut -c1-50
done
for e in 10 12 14 16 18 20 22 24 26; do n=$((1<<e))
  echo "## scan 2^$e sum"; $W scan --n $n --type u32 --exclusive --variant reduce-then-scan,overlap,single-pass --runs 30 | grep -E "^(reduce|overlap|single)|rror"
  echo "## scan 2^$e max"; $W scan --n $n --type u32 --op max --variant reduce-then-scan,overlap,single-pass --runs 30 | grep -E "^(reduce|overlap|single)|rror"
done
} > $OUT/call9.txt 2>&1
