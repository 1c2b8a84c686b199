#!/bin/bash
# Thirty-eighth session, call 7: the study's ops that call 1's study did not reach (it was cut at
# 150 s after histogram, blur, reduce and compact), at commit c6cd9ce, cut at 420 s.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
date -u > $out/dates.txt
timeout -s INT 420 .gpu/workgroup study --ops scan,counted,sort,gray,levels,particles --runs 10 --out /tmp/study > /tmp/study.log 2>&1
echo "study exit $?" >> $out/dates.txt
date -u >> $out/dates.txt
tail -5 /tmp/study.log >> $out/dates.txt
tar -C /tmp -czf $out/study.tgz study study.log
