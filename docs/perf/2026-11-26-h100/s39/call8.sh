#!/bin/bash
# Thirty-ninth session, call 8: is it the 48 KiB of shared memory per multiprocessor? Build D is
# C (match ranking, whole-word counts, plain stores) with the counts kept in the tile's own shared
# memory (read into registers before the tile overwrites them), so the group declares what A
# declares (14.7 KiB: 3 groups per multiprocessor; B and C: 18.8 and 22.8 KiB, 2 groups). A / C /
# D alternating twice; u32, f32, all-equal, indices; radix and onesweep.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
for w in a d; do echo "== stats $w"; .gpu/wg-$w sort --n 16777216 --type u32 --variant radix,onesweep --runs 2 --stats | grep -E 'Register' ; done
for r in 1 2; do for w in a c d; do
  for t in u32 f32; do for n in 1048576 16777216 67108864; do
    echo "== $w r$r $t $n"; .gpu/wg-$w sort --n $n --type $t --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
  done; done
  echo "== $w r$r f32 indices 16777216"; .gpu/wg-$w sort --n 16777216 --type f32 --indices --variant radix,onesweep --runs 30 | grep -E '^(radix|onesweep) '
  echo "== $w r$r u32 ones 67108864"; .gpu/wg-$w sort --n 67108864 --type u32 --dist ones --variant radix --runs 30 | grep -E '^(radix|onesweep) '
done; done
} > $out/call8.txt 2>&1
