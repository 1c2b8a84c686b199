#!/bin/bash
# A/B of the blur `fastest` kernel (docs/blur.md): the previous binary (.gpu/workgroup-base, if
# carried) against this one at filters 15, 3 and 31, interleaved, twice over; then a few other
# tile shapes of this one. Extra arguments go to every run of this binary.
# (docs/perf/2026-11-23-h200/blur-stage.txt came from its first form, which also ran each filter
# with the since-removed --stage-rows true; blur-ab-pitch.txt from this one.)
B="blur --synthetic 4096x4096:natural --variant fastest --runs 30"
row() { echo "## $1 filter $2 ${*:3}"; $1 $B --filter $2 "${@:3}" --stats | grep -E "^fastest|Register"; }
for k in 1 2; do
  for f in 15 3 31; do
    [ -x .gpu/workgroup-base ] && row .gpu/workgroup-base $f
    row .gpu/workgroup $f "$@"
  done
done
for knobs in "--tile 32x114 --wg 256" "--tile 64x0 --wg 256" "--tile 32x0 --wg 128 --px 8"; do
  row .gpu/workgroup 15 $knobs "$@"
done
