#!/bin/bash
# stable-lookback's fixed costs: the state fill and the fallback (stable_tail.comp: one empty
# indirect dispatch per range unless a tile gave up), against the build before it
# (.gpu/workgroup-old: two fill barriers, stable's three passes as the fallback), at four sizes,
# f32 keep x > 0.5 at 50%; --passes splits fill / look-back / fallback. Each pair alternates the
# two binaries twice.
for nf in "1048576 0.5" "16777216 0.5" "67108864 0.5" "67108864 0.001"; do set -- $nf
  for round in 1 2; do
    for W in .gpu/workgroup-old .gpu/workgroup; do
      echo "## $W n=$1 pass=$2 (round $round)"
      $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable,stable-lookback --runs 30 --passes | grep -E "^stable|rror|passes: stable"
    done
  done
done
# Without the fallback at all (timing only): what is left of its cost.
.gpu/workgroup compact --n 1048576 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable-lookback --runs 30 --passes --lookback-fallback false | grep -E "^stable|passes: stable"
# The recorded fallback (stable's three passes, the default on CPU devices) in the same binary.
for n in 1048576 67108864; do
  .gpu/workgroup compact --n $n --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable-lookback --runs 30 --passes --lookback-tail false | grep -E "^stable|passes: stable"
done
