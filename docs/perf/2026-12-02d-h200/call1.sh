#!/bin/bash
# Session 2026-12-02 (fourth), call 1, commit of `bandwidth --sweep`: the read kernel's rate by
# data size (where L2 ends, and how fast it serves reads); the ordered compaction's time by pass
# fraction beside `tile-atomic` (how its time follows the bytes that cross L2); the scans that
# re-read their input; then issue #5's goals with the peers, `../shared/peers/run.sh` included.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
log $W bandwidth --mb 256 --runs 30
log $W bandwidth --mb 1024 --sweep --runs 30
log $W bandwidth --mb 4096 --sweep --runs 10
} > "$out/sweep.txt" 2>&1
{
for k in 1 2; do
  for f in 0.001 0.25 0.5 0.75 1; do
    log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction $f --variant stable,tile-atomic --runs 30
  done
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --stable-overlap 0 --runs 30
  log $W scan --n 67108864 --type u32 --exclusive --variant overlap,single-pass --runs 30
  log $W scan --n 268435456 --type u32 --exclusive --variant overlap,single-pass --runs 30
done
} > "$out/traffic.txt" 2>&1
sed -n '/^if \[ "$mode" = goals \]; then/,/^fi/p' scripts/gpu-run.sh | sed "s/exit 0/true/" > /tmp/goals-body.sh
{ mode=goals; source /tmp/goals-body.sh; } > "$out/goals.txt" 2>&1
rm -f "$out/nvcc.log"
grep -E "^\| [0-9.]+ \|" "$out/sweep.txt" | head -60
grep -E "^(stable|tile|single|overlap)" "$out/traffic.txt"
grep -E "^(stable|tile|subgroup|single)|torch|x\[x|DeviceSelect|floor|read-all" "$out/goals.txt" "$out"/peers_compact_cub.txt "$out"/peers_goals_torch.txt | head -30
ls "$out"
