#!/bin/bash
# Forty-fifth session, call 9: is the counted `tile-atomic`'s time at 2^26 (1.8-2.1x a host run)
# the count read by every group, or the groups and binding past the count? An experiment row
# (WG_EXP_COUNTED_EXACT, not kept) runs it counted with a capacity of exactly K, so no group is
# past the count and the input binding is K long.
set -u
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
{
WG_EXP_COUNTED_EXACT=1 .gpu/workgroup study --ops counted --out /tmp/st > /dev/null 2>&1; grep -E "tile-atomic" /tmp/st/study.md | cut -c1-150
} > $OUT/call9.txt 2>&1
