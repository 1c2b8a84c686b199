#!/bin/bash
# Seventeenth session, call 8: one compactor over fresh inputs of alternating sizes and pass
# fractions (--alternate-check K: n, n/3 + 1, n, ...), each run checked against the CPU, with
# the count and the scatter really overlapping (no validation). workgroup-mut: a build whose
# counters do not zero the other set's tile words, to see whether the check catches stale words.
for B in workgroup workgroup-mut; do
  for nf in "67108864 0.5" "16777216 0.5" "3000017 0.5"; do set -- $nf
    echo "## $B --n $1 --pass-fraction $2 --alternate-check 12"
    timeout 120 .gpu/$B compact --type f32 --pred gt:0.5 --n $1 --pass-fraction $2 --variant stable --runs 3 --alternate-check 12 2>&1 | grep -E '^stable|rror|alternating'
  done
done
