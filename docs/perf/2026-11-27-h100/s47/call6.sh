#!/bin/bash
# Forty-seventh session, call 6: the compaction's output stores and the overlap scatter's (and
# tile-atomic's) input loads with SPIR-V's Nontemporal memory operand (WG_EXP_NT_STORE=1,
# WG_EXP_NT_LOAD=1; GL_EXT_spirv_intrinsics), against the same binary without (X=0), alternating
# twice; then the machine code's loads and stores of tile-atomic with and without.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
A="--type f32 --pred gt:0.5"
W=.gpu/workgroup
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
$W compact --n 67108864 $A --variant stable --runs 5 > /dev/null 2>&1 # the first process's slow clocks
for k in 1 2; do
  for e in X=0 WG_EXP_NT_STORE=1 WG_EXP_NT_LOAD=1 "WG_EXP_NT_STORE=1 WG_EXP_NT_LOAD=1" "WG_EXP_NT_STORE=1 WG_EXP_NT_LOAD=1" WG_EXP_NT_LOAD=1 WG_EXP_NT_STORE=1 X=0; do
    echo "## round $k $e"
    echo "# 2^26 50%"; env $e $W compact --n 67108864 $A --variant stable,tile-atomic --runs 50 | grep -E "^stable|^tile|rror"
    echo "# 2^24 50%"; env $e $W compact --n 16777216 $A --variant stable,tile-atomic --runs 50 | grep -E "^stable|^tile|rror"
    echo "# 2^26 0.1%"; env $e $W compact --n 67108864 $A --pass-fraction 0.001 --variant stable --runs 30 | grep -E "^stable|rror"
  done
done
for e in X=0 "WG_EXP_NT_STORE=1 WG_EXP_NT_LOAD=1"; do
  echo "## machine code $e"
  rm -rf /tmp/int; env $e $W --internals /tmp/int compact --n 1000003 $A --variant tile-atomic --runs 1 > /dev/null 2>&1
  python3 scripts/nvidia-sass /tmp/int 2>&1 | tail -3
  for f in /tmp/int/*/*.sass /tmp/int/*.sass; do [ -f "$f" ] && { echo "# $f"; grep -oE "(LDG|STG)[.A-Z0-9_]*" "$f" | sort | uniq -c; }; done
done
} > $OUT/call6.txt 2>&1
