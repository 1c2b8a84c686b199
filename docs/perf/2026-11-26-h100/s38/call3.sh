#!/bin/bash
# Thirty-eighth session, call 3 (same warm H100 as call 1, whose main log the device tool left out:
# it brings back at most 8 files): the full run's tables and peers again, the study cut at once,
# everything in one archive.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
d=/tmp/call3; rm -rf $d; mkdir -p $d
date -u > $d/dates.txt
OUT=$d STUDY_LIMIT=2 bash scripts/gpu-run.sh full > $d/workgroup.txt 2>&1
date -u >> $d/dates.txt
tar -C /tmp -czf $out/call3.tgz call3
