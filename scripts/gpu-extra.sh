# Sourced by gpu-run.sh full (after the histogram tables): extra blur shapes next to the default.
for knobs in "--tile 32x0 --wg 128 --px 8" "--tile 32x0 --wg 256 --px 8" "--tile 32x114 --wg 256 --px 16" "--tile 64x0 --wg 256 --px 16" "--tile 16x0 --wg 64 --px 16" "--tile 32x0 --wg 128 --px 16 --vec-loads false"; do
  log $W blur --synthetic 4096x4096:natural --filter 15 --variant fastest --runs 30 $knobs
done
# stable-lookback's default next to its former one (scripts/gpu-compact-default.sh).
bash scripts/gpu-compact-default.sh > "$out/compact-default.txt" 2>&1
