#!/bin/bash
# Sixteenth session, call 5: as call 4 (gpu-stage.sh), the staged tiles now written by subgroups
# (coalesced, as the scatter writes), and the most a staged tile keeps (WG_EXP_STAGE_MAX).
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable"; }
for f in 0.5 0.001 0.1 0.2 0.3 0.4 1.0 0.5; do
  for E in "X=0" "WG_EXP_STAGE=1" "WG_EXP_STAGE=1 WG_EXP_STAGE_MAX=1536" "WG_EXP_STAGE=1 WG_EXP_STAGE_MAX=1024" "WG_EXP_STAGE=1 WG_EXP_STAGE_MAX=512"; do srow --n 67108864 --pass-fraction $f; done
done
for n in 16777216 1048576; do for E in "X=0" "WG_EXP_STAGE=1" "WG_EXP_STAGE=1 WG_EXP_STAGE_MAX=1024"; do srow --n $n --pass-fraction 0.5; srow --n $n --pass-fraction 0.001; done; done
.gpu/workgroup compact --type f32 --pred gt:0.5 --runs 3 --variant stable --n 67108864 --pass-fraction 0.5 --passes 2>&1 | grep Register
env WG_EXP_STAGE=1 .gpu/workgroup compact --type f32 --pred gt:0.5 --runs 3 --variant stable --n 67108864 --pass-fraction 0.5 --passes 2>&1 | grep Register
