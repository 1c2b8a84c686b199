#!/bin/bash
# Seventeenth session, call 7: the counters held back to at most WG_THROTTLE tiles ahead of the
# scatter's progress (each scatter group's atomicMax of its tile; the counters spin, bounded,
# before loading a tile too far ahead), and three tiles in flight per counter (WG_DEPTH3=1).
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E timeout 60 .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|overlap"; }
N="--n 67108864 --pass-fraction 0.5"
for E in "X=0" "WG_DEPTH3=1" "WG_THROTTLE=512" "WG_THROTTLE=1024" "WG_THROTTLE=2048" "WG_THROTTLE=4096" "WG_DEPTH3=1 WG_THROTTLE=2048" "X=0"; do
  srow $N
done
for E in "X=0" "WG_DEPTH3=1" "WG_THROTTLE=2048"; do srow --n 16777216 --pass-fraction 0.5; srow --n 67108864 --pass-fraction 0.001; done
