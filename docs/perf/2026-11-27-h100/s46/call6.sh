#!/bin/bash
# Forty-sixth session, call 6 (experiment build, `s46-sort-offsets-late-tried.diff`): `radix`'s
# scatter reading its digits' offsets (the block's offset and up to 31 tile count rows) after the
# ranking's rounds (WG_EXP_SORT=1) instead of while its keys load (0, the kept code), as the
# compaction's scatter now reads its prefix words. Registers from --internals; then alternating
# 0 1 1 0, medians of 30 (20 with indices).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
X=.gpu/wg-sortexp
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for e in 0 1; do
  mkdir -p /tmp/i$e; WG_EXP_SORT=$e $X --internals /tmp/i$e sort --n 16777216 --type u32 --variant radix --runs 2 >/dev/null 2>&1
  WG_EXP_SORT=$e $X --internals /tmp/i$e sort --n 16777216 --type u32 --variant radix --indices --runs 2 >/dev/null 2>&1
  echo "# exp $e"; grep -i -H "register count" /tmp/i$e/*scatter*.stats.txt | sed 's#.*/##' | cut -c1-160
done
for k in 1 2; do
  for e in 0 1 1 0; do
    echo "## exp $e round $k"
    for n in 16777216 67108864; do
      echo "# u32 $n"; WG_EXP_SORT=$e $X sort --n $n --type u32 --variant radix --runs 30 | grep -E "^radix|rror" | cut -c1-60
      echo "# f32 $n"; WG_EXP_SORT=$e $X sort --n $n --type f32 --variant radix --runs 30 | grep -E "^radix|rror" | cut -c1-60
    done
    echo "# f32+idx 16777216"; WG_EXP_SORT=$e $X sort --n 16777216 --type f32 --variant radix --indices --runs 20 | grep -E "^radix|rror" | cut -c1-60
    echo "# u32 1048576"; WG_EXP_SORT=$e $X sort --n 1048576 --type u32 --variant radix --runs 30 | grep -E "^radix|rror" | cut -c1-60
  done
done
} > $OUT/call6.txt 2>&1
