#!/bin/bash
# Forty-seventh session, call 7: storage buffers declared `restrict` (the compaction's outputs,
# the radix scatter's keys and outputs: .gpu/wg-restrict) against the build as it is
# (.gpu/workgroup). NVIDIA's driver compiles our stores as STG.E.STRONG.SM; does `restrict` give
# weak stores, and does it matter? Machine code's memory instructions, then times alternating twice.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
W=.gpu/workgroup; R=.gpu/wg-restrict
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
$W compact --n 67108864 $A --variant stable --runs 5 > /dev/null 2>&1 # the first process's slow clocks
for X in $W $R; do
  echo "## machine code $X"
  rm -rf /tmp/int; $X --internals /tmp/int compact --n 1000003 $A --variant tile-atomic --runs 1 > /dev/null 2>&1
  $X --internals /tmp/int sort --n 1000003 --type u32 --variant radix --runs 1 > /dev/null 2>&1
  $X --internals /tmp/int blur assets/coffee.png --filter 15 --variant fastest --runs 1 > /dev/null 2>&1
  python3 scripts/nvidia-sass /tmp/int > /dev/null 2>&1
  for f in /tmp/int/*tile_atomic*c12-0*.sass /tmp/int/*radix_scatter*.sass /tmp/int/*blur*fastest*.sass; do [ -f "$f" ] && { echo "# $(basename $f)"; grep -oE "(LDG|STG)[.A-Z0-9_]*" "$f" | sort | uniq -c; }; done
done
for k in 1 2; do
  for X in $W $R $R $W; do
    echo "## round $k $X"
    $X compact --n 67108864 $A --variant stable,tile-atomic --runs 50 | grep -E "^stable|^tile|rror"
    $X sort --n 16777216 --type u32 --variant radix --runs 30 | grep -E "^radix|rror" | cut -c1-60
    $X sort --n 67108864 --type u32 --variant radix --runs 30 | grep -E "^radix|rror" | cut -c1-60
  done
done
} > $OUT/call7.txt 2>&1
