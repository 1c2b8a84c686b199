# Sourced by gpu-run.sh full (after the histogram tables): extra blur shapes next to the default.
for knobs in "--tile 32x0 --wg 128 --px 8" "--tile 32x0 --wg 256 --px 8" "--tile 32x114 --wg 256 --px 16" "--tile 64x0 --wg 256 --px 16" "--tile 16x0 --wg 64 --px 16" "--tile 32x0 --wg 128 --px 16 --vec-loads false"; do
  log $W blur --synthetic 4096x4096:natural --filter 15 --variant fastest --runs 30 $knobs
done
# stable-lookback's default (tiles of 3072, prefetch, 3 groups per multiprocessor) next to the
# former default (4096, no prefetch, 4 per multiprocessor: 528 groups on the H200), four sizes.
{
for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5" "1048576 0.5"; do set -- $nf
  for k in "" "--lookback-rounds 0 --lookback-prefetch false --lookback-groups 528"; do
    echo "## n=$1 pass=$2 ${k:-default}"
    $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable,stable-lookback --runs 30 $k | grep -E "^stable"
  done
done
} > "$out/compact-default.txt" 2>&1
