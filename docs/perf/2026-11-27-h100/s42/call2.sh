#!/bin/bash
# Forty-second session, call 2: the radix pass as count-and-look-back + scatter
# (WG_EXP_LOOKBACK_COUNT=1: radix_count_lookback.comp, counts and offsets tile-major, no scan)
# against the kept count + scan + scatter, alternating twice (A L L A).
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for w in 0 1 1 0; do
  for t in u32 f32; do for n in 1048576 4194304 16777216 67108864; do
    echo "== lookback=$w $t $n"; WG_EXP_LOOKBACK_COUNT=$w $W sort --n $n --type $t --variant radix --runs 30 | grep -E '^radix |error' | cut -c1-60
  done; done
  for n in 16777216 67108864; do
    echo "== lookback=$w f32 indices $n"; WG_EXP_LOOKBACK_COUNT=$w $W sort --n $n --type f32 --indices --variant radix --runs 30 | grep -E '^radix |error' | cut -c1-60
  done
done
echo "== lookback=1 u32 ones 2^26"; WG_EXP_LOOKBACK_COUNT=1 $W sort --n 67108864 --dist ones --variant radix --runs 10 | grep -E '^radix |error' | cut -c1-60
echo "== lookback=0 u32 ones 2^26"; WG_EXP_LOOKBACK_COUNT=0 $W sort --n 67108864 --dist ones --variant radix --runs 10 | grep -E '^radix |error' | cut -c1-60
echo "== lookback=1 f32 normal 2^26+3"; WG_EXP_LOOKBACK_COUNT=1 $W sort --n 67108867 --type f32 --dist normal --variant radix --runs 10 | grep -E '^radix |error' | cut -c1-60
echo "== lookback=1 u32 2^28"; WG_EXP_LOOKBACK_COUNT=1 $W sort --n 268435456 --variant radix --runs 10 | grep -E '^radix |error' | cut -c1-60
echo "== lookback=0 u32 2^28"; WG_EXP_LOOKBACK_COUNT=0 $W sort --n 268435456 --variant radix --runs 10 | grep -E '^radix |error' | cut -c1-60
echo "== stats"; WG_EXP_LOOKBACK_COUNT=1 $W sort --n 16777216 --variant radix --runs 1 --stats 2>&1 | grep -iE "register|shared|radix_" | head -30
} > $out/call2.txt 2>&1
