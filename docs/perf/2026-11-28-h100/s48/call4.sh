#!/bin/bash
# The single-pass scan's 7-9% loss in call 3: SPIR-V 1.6, or the walk budget reset per walk?
# .gpu/wg-base: commit ff6839d (SPIR-V 1.5); .gpu/wg-c59: commit c59ea38 (1.6, the budget reset
# per walk on GPUs); .gpu/workgroup: 1.6 with the budget grown with the tiles a group may take
# instead (the loop as before). Alternating twice. Writes $OUT/call4.txt.
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
for b in .gpu/wg-base .gpu/wg-c59; do [ -f $b.gz ] && gunzip -c $b.gz > $b && chmod +x $b; done
out=${OUT:-/tmp/out}; mkdir -p "$out"
{
nvidia-smi --query-gpu=name,driver_version --format=csv
for round in 1 2; do
  for W in .gpu/wg-base .gpu/wg-c59 .gpu/workgroup; do
    echo "##### round $round: $W"
    for n in 16777216 67108864; do
      $W scan --n $n --type u32 --exclusive --variant single-pass,overlap --runs 30
      $W scan --n $n --type u32 --op max --variant single-pass --runs 30
    done
  done
done
} > "$out/call4.txt" 2>&1
