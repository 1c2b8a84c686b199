#!/bin/bash
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/wg-b
S="scan --n 67108864 --type u32 --exclusive --variant single-pass --runs 30"
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for rep in 1 2; do
 echo "### copy"; $W bandwidth --mb 256 --runs 30 | grep kernel
 echo "### default"; $W $S 2>&1 | grep -E "^single"
 echo "### diag1 default grid"; $W $S --diag 1 2>&1 | grep -E "^single"
 echo "### diag1 one tile per group (2048)"; $W $S --diag 1 --grid 32768 --max-tiles 1 2>&1 | grep -E "^single"
 echo "### diag1 one tile per group (4096)"; $W $S --diag 1 --per 16 --grid 16384 --max-tiles 1 2>&1 | grep -E "^single"
 echo "### diag1 one tile per group (1024)"; $W $S --diag 1 --per 4 --grid 65536 --max-tiles 1 2>&1 | grep -E "^single"
 echo "### walk, one tile per group (2048)"; $W $S --grid 32768 --max-tiles 1 2>&1 | grep -E "^single"
 echo "### reduce-then-scan"; $W scan --n 67108864 --type u32 --exclusive --variant reduce-then-scan --runs 30 2>&1 | grep -E "^reduce"
done
} > $out/scanbody.txt
