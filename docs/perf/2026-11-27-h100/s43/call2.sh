#!/bin/bash
# Forty-third session, call 2: the ordered compaction's overlap with its tiles dealt by
# multiprocessor (WG_EXP_SM_DEAL=c,s: counters by gl_SMIDNV; the scatter taking its
# multiprocessor's tiles by ticket, so it finds them in that multiprocessor's L1), against the
# kept dealing, alternating twice. 0,2: the scatter by one global ticket (the ticket's cost alone).
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version --format=csv
$W bandwidth --mb 256 --runs 30 | tail -4
for k in 1 2; do
  for m in base 0,0 1,1 0,2 1,0; do
    if [ $m = base ]; then unset WG_EXP_SM_DEAL; else export WG_EXP_SM_DEAL=$m; fi
    echo "## mode $m round $k"
    $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50 | grep -E "^stable|rror"
    $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
  done
done
export WG_EXP_SM_DEAL=1,1
echo "## 1,1 alternate check"
$W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 5 --alternate-check 20 2>&1 | tail -3
$W compact --n 1000003 --type u32 --pred even --variant stable --runs 5 --alternate-check 40 2>&1 | tail -3
} > $OUT/call2.txt 2>&1
