#!/bin/bash
# Forty-fifth session, call 8: the counted `tile-atomic` row of the counted study (0.1472, 0.0822
# and 0.1656 ms at 2^26 in calls 5-7, against 0.0772 from the host), three times with the
# build of call 7 (a tile past the count loads the last tile) and twice without that min
# (wg-nomin), alternating.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
for W in .gpu/workgroup .gpu/wg-nomin .gpu/workgroup .gpu/wg-nomin .gpu/workgroup; do
  echo "## $W"; $W study --ops counted --out /tmp/st > /dev/null 2>&1; grep -E "tile-atomic" /tmp/st/study.md | cut -c1-150
done
} > $OUT/call8.txt 2>&1
