# Sourced by gpu-compact-dealt.sh and gpu-compact-claims.sh: the stable-lookback row (one
# `compact` run, its timing, per-pass and driver-statistics lines) and the four sizes measured
# with the default (walking) grid next to the dealt grid.
A="compact --type f32 --pred gt:0.5 --runs 30 --passes --variant stable-lookback"
D="--lookback-dealt true"
row() { echo "## ${*}"; .gpu/workgroup $A "$@" 2>&1 | grep -E "^stable|rror|look-backs|registers|Register|passes: stable|gave up"; }
# sizes_rows [dealt options for a third row]: 2^26 at 50% and 0.1%, 2^24, 2^20.
sizes_rows() {
  for nf in "67108864 0.5" "67108864 0.001" "16777216 0.5" "1048576 0.5"; do
    set -- $nf "$@"
    row --n $1 --pass-fraction $2
    row --n $1 --pass-fraction $2 $D
    if [ $# -gt 2 ]; then row --n $1 --pass-fraction $2 $D "${@:3}"; fi
    shift 2
  done
}
