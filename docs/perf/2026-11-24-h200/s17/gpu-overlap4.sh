#!/bin/bash
# Seventeenth session, call 4: the counters' shape (WG_OVERLAP = their groups; WG_OV_CPREFETCH=0:
# one tile in flight instead of two; WG_OV_CLOCAL: invocations per counter group, with 8 rounds
# at 128 so that tiles stay 4096).
S="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable"
srow() { echo "## stable ${*} [$E]"; env $E timeout 60 .gpu/workgroup $S "$@" 2>&1 | grep -E "^stable|rror|passes: stable|count_overlap"; }
N="--n 67108864 --pass-fraction 0.5"
for E in "X=0" "WG_OVERLAP=176" "WG_OVERLAP=220" "WG_OVERLAP=264" "WG_OVERLAP=330" \
  "WG_OVERLAP=264 WG_OV_CPREFETCH=0" "WG_OVERLAP=396 WG_OV_CPREFETCH=0" "WG_OVERLAP=528 WG_OV_CPREFETCH=0" "WG_OVERLAP=792 WG_OV_CPREFETCH=0" \
  "WG_OVERLAP=264 WG_OV_CLOCAL=128" "WG_OVERLAP=528 WG_OV_CLOCAL=128" "WG_OVERLAP=528 WG_OV_CLOCAL=128 WG_OV_CPREFETCH=0" "WG_OVERLAP=1056 WG_OV_CLOCAL=128 WG_OV_CPREFETCH=0" \
  "WG_OVERLAP=132 WG_OV_CLOCAL=512" "WG_OVERLAP=264 WG_OV_CLOCAL=512 WG_OV_CPREFETCH=0" "WG_OVERLAP=264" "X=0"; do
  srow $N
done
