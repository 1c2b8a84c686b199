#!/bin/bash
# Thirty-ninth session, call 5: the radix sort ranking by matched digits (build B: eight ballots a
# key, per-subgroup digit counts, as the CUDA proxy's RANK_MATCH=1) against the three splits
# (build A, commit 176ebc7), alternating twice in one call; u32 and f32 (torch-like), with
# indices, all-equal keys; radix and onesweep.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
for w in a b; do echo "== stats $w"; .gpu/wg-$w sort --n 16777216 --type u32 --variant radix,onesweep --runs 2 --stats | grep -E 'scatter|onesweep:' ; done
for r in 1 2; do for w in a b; do
  for t in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "== $w r$r $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
  done; done
  echo "== $w r$r f32 indices 16777216"; .gpu/wg-$w sort --n 16777216 --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
  echo "== $w r$r u32 ones 67108864"; .gpu/wg-$w sort --n 67108864 --type u32 --dist ones --variant radix --runs 30 | grep -E '^(radix|onesweep) '
done; done
} > $out/call5.txt 2>&1
