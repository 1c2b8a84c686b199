#!/bin/bash
# Runs the measurements on the GPU machine (prepared by ../shared/tools/gpu-prep: the binary in
# .gpu/, the Vulkan loader packages in .gl/). Usage there: bash scripts/gpu-run.sh MODE
# MODE: tune (histogram sweeps), full (every table + study + peers), headline (docs/PERFORMANCE.md's headline rows with their peers), goals (issue #5's goals with the peers), newops (gray, particles,
# sort), levels (auto levels next to PyTorch), levelsimages (levels on buffers and on images), levelsformats (levels on buffers, images and sampled images of 8-bit formats), histimages (the histogram's image variants), sort (the radix sorts next to CUB and torch.sort), scan (the prefix scans next to CUB, torch and CuPy), sortpairs (the same with indices), compactsweep, blursweep, sweeps (both), blurab (scripts/gpu-blur-ab.sh),
# sass (every op's kernels through --internals and scripts/nvidia-sass: $OUT/sass.txt and internals.tgz),
# compactab (scripts/gpu-compact-ab.sh), compacttile (scripts/gpu-compact-tile.sh), compactagents (scripts/gpu-compact-agents.sh), compactwait (scripts/gpu-compact-wait.sh), compactwait2, compactdefault (scripts/gpu-compact-default.sh), compactfallback (scripts/gpu-compact-fallback.sh), compactgaveup (scripts/gpu-compact-gaveup.sh), compactdealt (scripts/gpu-compact-dealt.sh), compactclaims (scripts/gpu-compact-claims.sh), compactclean (scripts/gpu-compact-clean.sh), compactdiscover (scripts/gpu-compact-discover.sh), occupancy (scripts/gpu-occupancy.sh), compactwarp (scripts/gpu-compact-warp.sh), blurfilters (scripts/gpu-blur-filters.sh), blurpasses (scripts/gpu-blur-passes.sh), histcheck.
# Results under $OUT. The device tool brings back at most 8 files from $OUT: `full` writes 6 and
# its log (`> $OUT/workgroup.txt`) a seventh, so a call that runs more should tar the rest.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
W=.gpu/workgroup
out=${OUT:-/tmp/out}; mkdir -p "$out"
mode=${1:-full}
log() { echo "### $*"; "$@"; }
{
log nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
log $W devices
log $W layout --groups 4 2 --local 4 4
log $W --validate layout --groups 1000 3 --local 16 16
log $W bandwidth --mb 1024 --runs 20
if [ "$mode" = sweeps ]; then
  bash scripts/gpu-blur-sweep.sh > $out/blur-sweep.txt 2>&1
  bash scripts/gpu-compact-sweep.sh > $out/compact-sweep.txt 2>&1
  exit 0
fi
# Modes that run one script, its output in $out/<name>.txt.
case "$mode" in
  blurab | blurfilters | blurpasses | compactab | compacttile | compactagents | compactwait | compactwait2 | compactdefault | compactfallback | compactgaveup | compactdealt | compactclaims | compactclean | compactdiscover | compactwarp | occupancy)
    name=$(echo "$mode" | sed 's/^blur/blur-/; s/^compact/compact-/')
    bash scripts/gpu-$name.sh > "$out/$name.txt" 2>&1
    exit 0 ;;
esac
if [ "$mode" = sass ]; then
  I=/tmp/internals
  {
    $W --internals $I/compact compact --n 1000003 --variant all --runs 1
    $W --internals $I/reduce reduce --n 1000003 --type f32 --op sum --variant all --runs 1
    $W --internals $I/scan scan --n 1000003 --type u32 --op sum --exclusive --variant all --runs 1
    $W --internals $I/sort sort --n 1000003 --type u32 --variant radix,onesweep --runs 1
    $W --internals $I/histogram histogram assets/coffee.png --variant all --runs 1
    $W --internals $I/blur blur assets/coffee.png --filter 15 --variant all --runs 1
    $W --internals $I/levels levels assets/coffee.png -o /tmp/levels.png --runs 1
    $W --internals $I/gray gray assets/coffee.png -o /tmp/gray.png --variant all --runs 1
    $W --internals $I/particles particles --n 65536 --frames 60
    for op in compact reduce scan sort histogram blur levels gray particles; do
      echo "=== $op"; python3 scripts/nvidia-sass $I/$op
    done
  } > "$out/sass.txt" 2>&1
  tar czf "$out/internals.tgz" -C /tmp internals
  exit 0
fi
if [ "$mode" = compactsweep ]; then
  bash scripts/gpu-compact-sweep.sh
  exit 0
fi
if [ "$mode" = newops ]; then
  log $W gray --synthetic 8192x8192:natural --runs 30
  log $W gray --synthetic 4096x4096:natural --runs 30
  log $W particles --n 1048576 --frames 600 --runs 10
  log $W particles --n 65536 --frames 60 --runs 10
  for n in 128 1024 2048; do log $W sort --n $n --type f32 --runs 30; done
  log $W sort --n 2048 --type u32 --runs 30
  exit 0
fi
if [ "$mode" = histcheck ]; then
  # The histogram goal's yardstick: the read kernel at the histogram's own size (256 MiB) next to
  # fastest, three times over; then the blur tables at filter 15 and 3.
  for k in 1 2 3; do
    log $W bandwidth --mb 256 --runs 50
    for kind in natural flat random; do
      log $W histogram --synthetic 8192x8192:$kind --variant fastest,cpu-par --runs 100
    done
  done
  for f in 15 3; do log $W blur --synthetic 4096x4096:natural --filter $f --variant all --runs 30; done
  exit 0
fi
if [ "$mode" = histsweep ]; then
  log $W bandwidth --mb 256 --runs 50
  for kind in natural random flat; do
    for skip in 0 1 3 7 0; do
      echo "## fastest $kind check-skip=$skip"
      $W histogram --synthetic 8192x8192:$kind --variant fastest,cpu-par --check-skip $skip --runs 100 | grep -E "^\| fastest"
    done
  done
  log $W bandwidth --mb 256 --runs 50
  exit 0
fi
if [ "$mode" = blursweep ]; then
  bash scripts/gpu-blur-sweep.sh
  exit 0
fi
if [ "$mode" = sort ]; then
  # The radix sorts (three-step and onesweep; keys only, and with their indices) next to CUB's
  # DeviceRadixSort (keys only, and pairs as torch.sort) and torch.sort, in one call (docs/sort.md).
  for n in 65536 1048576 16777216 67108864; do for ty in u32 f32 i32; do
    log $W sort --n $n --type $ty --variant radix,onesweep --runs 30
  done; done
  for n in 1048576 16777216 67108864; do for ty in u32 f32; do
    log $W sort --n $n --type $ty --indices --runs 30
  done; done
  log $W sort --n 67108867 --type f32 --dist normal --variant radix,onesweep --runs 10
  log $W sort --n 16777216 --type u32 --dist ones --variant radix,onesweep --runs 10
  log $W study --ops sort --runs 30 --out "$out/study-sort"
  log nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/sort_cub scripts/peers/sort_cub.cu
  log /tmp/sort_cub | tee "$out/peers_sort_cub.txt"
  log python3 scripts/peers/sort_torch.py | tee "$out/peers_sort_torch.txt"
  exit 0
fi
if [ "$mode" = headline ]; then
  # The rows of docs/PERFORMANCE.md's headline table, ours then the peers, in one call:
  # $out/headline.txt (ours), peers_misc.txt (CUB's select, sorts and scans; torch's sum, mask,
  # sorts), and ../shared/peers/run.sh's outputs. Ours first: it takes under three minutes.
  {
  log $W bandwidth --mb 256 --runs 50
  # (two variants: one alone prints its bins, not a time)
  for kind in natural flat random; do log $W histogram --synthetic 8192x8192:$kind --variant shared,fastest --runs 50; done
  log $W blur --synthetic 4096x4096:natural --filter 15 --variant fastest --runs 30
  log $W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 50
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,tile-atomic,subgroup-ballot --runs 50
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant stable --runs 50
  log $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
  for n in 1048576 16777216 67108864; do
    for ty in u32 f32; do log $W sort --n $n --type $ty --variant radix,onesweep --runs 30; done
    log $W sort --n $n --type f32 --indices --runs 30
  done
  for n in 1048576 16777216 67108864 268435456; do log $W scan --n $n --type u32 --exclusive --variant overlap,single-pass --runs 30; done
  log $W gray --synthetic 8192x8192:natural --variant vec4 --runs 30
  log $W particles --n 1048576 --frames 600 --runs 10
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
  log $W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 50
  } > "$out/headline.txt" 2>&1
  {
  for p in compact sort scan; do log nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/${p}_cub scripts/peers/${p}_cub.cu; done
  log /tmp/compact_cub 26
  log /tmp/compact_cub 24
  log python3 - <<'PY'
import sys; sys.path.insert(0, "scripts/peers")
import torch
from torch_bench import bench
x = torch.rand(2**28, device="cuda"); print(f"torch.sum 2^28 f32: {bench(lambda: x.sum()):.4f} ms")
y = torch.rand(2**26, device="cuda"); print(f"x[x > 0.5] 2^26 f32: {bench(lambda: y[y > 0.5]):.4f} ms")
PY
  log /tmp/sort_cub
  log /tmp/scan_cub
  log timeout 120 python3 scripts/peers/sort_torch.py
  } > "$out/peers_misc.txt" 2>&1
  OUT=$out timeout 300 bash .gpu/peers/run.sh > "$out/peers_run.txt" 2>&1
  exit 0
fi
if [ "$mode" = goals ]; then
  # Issue #5's goals (docs/reduce_compact.md): the reduce of 2^28 f32 next to torch.sum, the
  # ordered compaction of 2^26 f32 at 50% next to CUB's DeviceSelect::If, x[x > 0.5] and the
  # read-all-write-half floor, then ../shared/peers/run.sh, in one call.
  log $W bandwidth --mb 256 --runs 30
  for k in 1 2; do
    log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,tile-atomic,subgroup-ballot --runs 50
    log $W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 50
  done
  log nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu
  log /tmp/compact_cub 26 | tee "$out/peers_compact_cub.txt"
  log python3 - <<'PY' | tee "$out/peers_goals_torch.txt"
import sys; sys.path.insert(0, "scripts/peers")
import torch
from torch_bench import bench
x = torch.rand(2**28, device="cuda"); print(f"torch.sum 2^28 f32: {bench(lambda: x.sum()):.4f} ms")
y = torch.rand(2**26, device="cuda"); print(f"x[x > 0.5] 2^26 f32: {bench(lambda: y[y > 0.5]):.4f} ms")
PY
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
  OUT=$out timeout 300 bash .gpu/peers/run.sh > "$out/peers_run.txt" 2>&1
  exit 0
fi
if [ "$mode" = scan ]; then
  # The prefix scans (docs/scan.md) next to CUB's DeviceScan, torch.cumsum / cummax and
  # cupy.cumsum, in one call.
  log $W bandwidth --mb 256 --runs 30
  for n in 1048576 16777216 67108864 268435456; do
    log $W scan --n $n --type u32 --runs 30 --exclusive
    log $W scan --n $n --type f32 --runs 30
    log $W scan --n $n --type u32 --op max --variant reduce-then-scan,single-pass --runs 30
  done
  log $W scan --n 67108867 --type i32 --dist normal --runs 10
  log $W --validate scan --n 1000003 --type f32 --op min --exclusive --runs 3
  log $W study --ops scan --runs 30 --out "$out/study-scan"
  log nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/scan_cub scripts/peers/scan_cub.cu
  log /tmp/scan_cub | tee "$out/peers_scan_cub.txt"
  log python3 scripts/peers/scan_torch.py | tee "$out/peers_scan_torch.txt"
  exit 0
fi
if [ "$mode" = levels ]; then
  # Auto levels (docs/levels.md): the whole frame with the chart and the adjustment alone, on
  # photo-like and random images, next to the same definition in PyTorch (random images).
  log $W bandwidth --mb 256 --runs 30
  log $W levels assets/chelsea.png --runs 30
  for s in 1920x1080 3840x2160 8192x8192; do for kind in natural random; do
    log $W levels --synthetic $s:$kind --runs 30
    log $W levels --synthetic $s:$kind --runs 30 --without-chart
  done; done
  log $W levels --synthetic 8192x8192:flat --runs 30
  for s in 1920x1080 3840x2160 8192x8192; do log $W levels --synthetic $s:natural --video 8 --runs 30; done
  log $W study --ops levels --runs 30 --out "$out/study-levels"
  log python3 scripts/peers/levels_torch.py | tee "$out/peers_levels_torch.txt"
  exit 0
fi
if [ "$mode" = histimages ]; then
  # The histogram's image variants (001's and fastest-image) next to fastest on buffers, then
  # levels on images (its steps 1 and 4 run fastest-image).
  log $W bandwidth --mb 256 --runs 30
  for s in 2448x1505 3200x2400 8192x8192; do for k in natural random flat; do
    log $W histogram --synthetic $s:$k --variant global-atomic,shared,per-thread,fastest,fastest-image --runs 30
  done; done
  log $W histogram --synthetic 3200x2400:natural --bins 16 --measure grey --variant global-atomic,shared,per-thread,fastest,fastest-image --runs 30
  for s in 1920x1080 3840x2160 8192x8192; do
    log $W levels --synthetic $s:natural --runs 30 --images
    log $W levels --synthetic $s:natural --runs 30 --without-chart --images
  done
  log $W study --ops histogram,levels --runs 10 --out "$out/study-hist-levels"
  exit 0
fi
if [ "$mode" = levelsimages ]; then
  # Auto levels with the pixels in buffers and in rgba8 storage images (levels --images), side by side.
  log $W bandwidth --mb 256 --runs 30
  for s in 1920x1080 3840x2160 8192x8192; do for st in "" --images; do
    log $W levels --synthetic $s:natural --runs 30 $st
    log $W levels --synthetic $s:natural --runs 30 --without-chart $st
    log $W levels --synthetic $s:natural --video 8 --runs 30 $st
  done; done
  log $W study --ops levels --runs 30 --out "$out/study-levels"
  exit 0
fi
if [ "$mode" = levelsformats ]; then
  # Auto levels on buffers, rgba8 storage images and sampled images of an engine's 8-bit formats
  # (levels --format), side by side; then every code of scripts/edge-texels.py's codes8.raw in
  # each format (each run checks itself against the CPU and fails on a difference).
  log $W bandwidth --mb 256 --runs 30
  for s in 1920x1080 3840x2160 8192x8192; do for st in "" --images "--format rgba8" "--format bgra8-srgb"; do
    log $W levels --synthetic $s:natural --runs 30 $st
    log $W levels --synthetic $s:natural --video 8 --runs 30 $st
  done; done
  for fmt in rgba8 rgba8-srgb bgra8 bgra8-srgb; do for clip in 0 5; do
    log $W levels --texels .gpu/texels/codes8.raw --size 256x3 --format $fmt --clip $clip --runs 3 || echo "LEVELS DIFFER: $fmt clip $clip"
  done; done
  log $W study --ops levels --runs 30 --out "$out/study-levels"
  exit 0
fi
if [ "$mode" = sortpairs ]; then
  # The radix sort with indices, twice over, next to CUB SortPairs and torch.sort (docs/sort.md).
  for rep in 1 2; do for n in 1048576 16777216 67108864; do
    log $W sort --n $n --type f32 --indices --runs 30
  done; done
  log nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/sort_cub scripts/peers/sort_cub.cu
  log /tmp/sort_cub | tee "$out/peers_sort_cub.txt"
  log python3 scripts/peers/sort_torch.py | tee "$out/peers_sort_torch.txt"
  exit 0
fi
if [ "$mode" = full ]; then
  # The histogram goal's yardstick: the read kernel at the histogram's size (8192^2 x 4 B = 256 MiB).
  log $W bandwidth --mb 256 --runs 50
  # The lecture's table (001), 000's steps, and fastest at 8192x8192 next to the CUDA peers below.
  log $W histogram --synthetic 3200x2400:natural --bins 16 --measure grey --variant cpu,cpu-par,global-atomic,shared,per-thread,fastest --runs 30
  log $W histogram --synthetic 2448x1505:natural --variant all --runs 30
  for kind in natural flat random; do
    log $W histogram --synthetic 8192x8192:$kind --variant cpu-par,atomic,chunks-reduce,global-atomic,shared,per-thread,fastest --runs 50
  done
  [ -f scripts/gpu-extra.sh ] && source scripts/gpu-extra.sh
  log $W blur --synthetic 4096x4096:natural --filter 15 --variant all --runs 30
  log $W blur --synthetic 4096x4096:natural --filter 3 --variant all --runs 30
  log $W reduce --n 268435456 --type f32 --op sum --variant all --runs 30
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant all --runs 30 --passes
  # What limits the look-back: the same kernel without the look-back, and without the ticket too
  # (wrong results on purpose, timing only).
  for d in 1 2; do log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable-lookback --runs 30 --lookback-diag $d; done
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable-lookback --runs 30 --passes --lookback-diag 3
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant all --runs 30
  # `stable` in two passes (the default since the fifteenth session) by size, and in three.
  for n in 4194304 8388608 16777216; do
    log $W compact --n $n --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30 --passes
  done
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --stable-passes 3 --runs 30 --passes
  # `stable`'s count and scatter overlapping (the default on NVIDIA since the seventeenth session)
  # against the same two passes one after the other (--stable-overlap 0), and the overlap
  # kernels with a barrier between them.
  for nf in "67108864 0.5" "67108864 0.001" "67108864 1" "16777216 0.5" "1048576 0.5"; do set -- $nf
    log $W compact --n $1 --type f32 --pred gt:0.5 --pass-fraction $2 --variant stable --runs 30 --passes --stable-overlap 0
  done
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30 --passes --stable-overlap-barrier true
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 1 --variant stable --runs 30 --passes
  # The overlap's scatter written in halves (the default up to 2^25 elements since the eighteenth
  # session) against by subgroups (past it), on both sides of the switch.
  for n in 1048576 16777216 33554432 67108864; do for h in true false; do
    log $W compact --n $n --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30 --stable-overlap-halves $h
  done; done
  # Both ordered variants with L2 emptied before each run (sixteenth session: back to back, a run
  # can find some of its input, or the last run's dirty output, in L2), and at 2^20.
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,stable-lookback --runs 30 --passes --l2-scrub 256
  log $W compact --n 1048576 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable,stable-lookback --runs 30 --passes
  # The large kernel (the default from 2^23 elements on GPUs with the subgroup clock) against the
  # persistent grid (the default below), around the crossing and at 2^26.
  for n in 4194304 8388608 16777216 67108864; do for lf in "" "--lookback-large-from never"; do
    log $W compact --n $n --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable-lookback --runs 30 $lf
  done; done
  # Seed 004's grayscale and particles, seed 002's sort.
  log $W gray --synthetic 8192x8192:natural --runs 30
  log $W particles --n 1048576 --frames 600 --runs 10
  for n in 128 2048; do log $W sort --n $n --type f32 --runs 30; done
  for n in 1048576 16777216 67108864; do log $W sort --n $n --type u32 --variant radix --runs 30; done
  echo "### peers"
  bash .gpu/peers/run.sh
  # CUB's DeviceSelect::If and the read-all-write-half floor, next to our compaction above.
  log nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/compact_cub scripts/peers/compact_cub.cu
  for lg in 26 24; do log /tmp/compact_cub $lg; done | tee "$out/peers_cub.txt"
  log nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/sort_cub scripts/peers/sort_cub.cu
  log /tmp/sort_cub | tee -a "$out/peers_cub.txt"
  echo "### study"
  # SIGINT after the limit: the study keeps and writes what it measured.
  timeout -s INT ${STUDY_LIMIT:-300} $W study --runs 10 --out /tmp/study > /tmp/study.log 2>&1; echo "study exit $?"; tail -5 /tmp/study.log
  tar -C /tmp -czf "$out/study.tgz" study study.log
  exit 0
fi
if [ "$mode" = tune3 ]; then
  for kind in natural flat random; do
    for part in false true; do for cfg in "1024 264 4" "1024 264 2" "512 1056 4"; do set -- $cfg
      echo "## fastest $kind partitioned=$part wg=$1 groups=$2 loads=$3"
      $W histogram --synthetic 8192x8192:$kind --variant fastest,cpu-par --partitioned $part --wg $1 --groups $2 --loads $3 --runs 30 | grep -E "fastest"
    done; done
  done
  exit 0
fi
if [ "$mode" = tune2 ]; then
  for kind in natural flat random; do
    for lr in true false; do for cfg in "512 1056" "256 2112" "512 2112" "1024 264"; do set -- $cfg
      echo "## fastest $kind lane_runs=$lr wg=$1 groups=$2"
      $W histogram --synthetic 8192x8192:$kind --variant fastest,cpu-par --lane-runs $lr --wg $1 --groups $2 --runs 30 | grep -E "fastest"
    done; done
  done
  log $W blur --synthetic 4096x4096:natural --filter 15 --variant all --runs 30
  log $W blur --synthetic 4096x4096:natural --filter 3 --variant all --runs 30
  log $W reduce --n 268435456 --type f32 --op sum --variant all --runs 30
  log $W reduce --n 268435456 --type u32 --op max --variant all --runs 30
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant all --runs 30
  exit 0
fi
if [ "$mode" = tune ]; then
  for kind in natural flat random; do
    for wg in 256 512 1024; do for groups in 132 264 528 1056 2112; do
      echo "## fastest $kind wg=$wg groups=$groups"
      $W histogram --synthetic 8192x8192:$kind --variant fastest,cpu-par --groups $groups --wg $wg --runs 30 | grep -E "fastest"
    done; done
  done
fi
log $W histogram --synthetic 3200x2400:natural --bins 16 --measure grey --variant cpu,cpu-par,global-atomic,shared,per-thread,fastest --runs 20
log $W histogram --synthetic 2448x1505:natural --variant all --runs 20
for kind in natural flat random; do
  log $W histogram --synthetic 8192x8192:$kind --variant cpu-par,atomic,chunks-reduce,global-atomic,shared,per-thread,fastest --runs 50
done
} 2>&1 | tee "$out/workgroup.txt"
