#!/bin/bash
# Session 2026-12-02 (third), call 7: commit c9aaabf. Issue #5's goals with their peers in one
# call: `scripts/gpu-run.sh goals` without its last step (../shared/peers/run.sh), for the
# device time left; torch.sum and x[x > 0.5] are timed in the same call by the goals' own step.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
name=$(nvidia-smi --query-gpu=name --format=csv,noheader); echo "$name"
echo "$name" | grep -q H200 || { echo "not an H200: nothing run"; exit 0; }
nvidia-smi --query-gpu=driver_version --format=csv,noheader
out=${OUT:-/tmp/out}; mkdir -p "$out"
xz -dc .gpu/workgroup.xz > .gpu/workgroup; chmod +x .gpu/workgroup
sed -n '/^if \[ "$mode" = goals \]; then/,/^fi/p' scripts/gpu-run.sh | grep -v "peers/run.sh" | sed "s/exit 0/true/" > /tmp/goals-body.sh
{ W=.gpu/workgroup; log() { echo "### $*"; "$@"; }; mode=goals; source /tmp/goals-body.sh; } > "$out/goals.txt" 2>&1
grep -E "^(stable|tile|subgroup|single)|torch|x\[x|DeviceSelect|floor|read-all" "$out/goals.txt" "$out"/peers_compact_cub.txt "$out"/peers_goals_torch.txt | head -30
