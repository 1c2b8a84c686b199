#!/bin/bash
# Seventeenth session, call 10: one compactor alternating between inputs past one range (the
# other two passes, --range 2^24, n = 3 x 2^24 - 3) and inputs within one (the overlap,
# n/3 + 1 = 2^24), each run checked against the CPU. workgroup-prefix: the build before the
# overlap's tile words got their own set and region (the other passes flipped the shared
# parity, so the next overlap run found its own last tile words, stale, in its set).
for B in workgroup-prefix workgroup; do
  echo "## $B --n 50331645 --range 16777216 --alternate-check 12"
  timeout 120 .gpu/$B compact --type f32 --pred gt:0.5 --n 50331645 --pass-fraction 0.5 --variant stable --runs 3 --range 16777216 --alternate-check 12 2>&1 | grep -E '^stable|rror|alternating'
  echo "## $B --n 67108864 --alternate-check 12"
  timeout 120 .gpu/$B compact --type f32 --pred gt:0.5 --n 67108864 --pass-fraction 0.5 --variant stable --runs 3 --alternate-check 12 2>&1 | grep -E '^stable|rror|alternating'
done
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5"; do set -- $nf
  for B in workgroup-prefix workgroup; do echo "## $B $S --n $1 --pass-fraction $2"; .gpu/$B $S --n $1 --pass-fraction $2 2>&1 | grep -E '^stable|rror|overlap'; done
done
