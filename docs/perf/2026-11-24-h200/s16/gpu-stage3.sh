#!/bin/bash
# Sixteenth session, call 6: as call 5 (gpu-stage2.sh), but the scatter is chosen by indirect
# dispatch: the count pass sizes a copy scatter (staged tiles) and the full scatter (every tile,
# when any tile was not staged), so no scatter group reads a decision before loading its tile.
# (The experiment fills the sizes at the start of each run, behind a full barrier.)
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable"; }
for f in 0.5 0.001 0.1 0.3 1.0 0.5; do
  for E in "X=0" "WG_EXP_STAGE=1" "WG_EXP_STAGE=1 WG_EXP_STAGE_MAX=1536" "WG_EXP_STAGE=1 WG_EXP_STAGE_MAX=1024"; do srow --n 67108864 --pass-fraction $f; done
done
for n in 16777216 1048576; do for E in "X=0" "WG_EXP_STAGE=1 WG_EXP_STAGE_MAX=1536"; do srow --n $n --pass-fraction 0.5; srow --n $n --pass-fraction 0.001; done; done
