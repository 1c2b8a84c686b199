#!/bin/bash
# Seventeenth session, call 5: fewer, lighter counters (WG_OVERLAP groups of WG_OV_CLOCAL
# invocations; 1024 take 1 round, 512 two, 256 four: tiles of 4096).
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E timeout 60 .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|count_overlap"; }
N="--n 67108864 --pass-fraction 0.5"
for E in "X=0" "WG_OVERLAP=66 WG_OV_CLOCAL=512" "WG_OVERLAP=100 WG_OV_CLOCAL=512" "WG_OVERLAP=132 WG_OV_CLOCAL=512" "WG_OVERLAP=166 WG_OV_CLOCAL=512" "WG_OVERLAP=198 WG_OV_CLOCAL=512" \
  "WG_OVERLAP=110" "WG_OVERLAP=132" "WG_OVERLAP=154" "WG_OVERLAP=176" \
  "WG_OVERLAP=66 WG_OV_CLOCAL=1024" "WG_OVERLAP=132 WG_OV_CLOCAL=1024" \
  "WG_OVERLAP=132 WG_OV_CLOCAL=512 WG_OV_CPREFETCH=0" "WG_OVERLAP=198 WG_OV_CLOCAL=512 WG_OV_CPREFETCH=0" "WG_OVERLAP=132 WG_OV_CLOCAL=512" "X=0"; do
  srow $N
done
