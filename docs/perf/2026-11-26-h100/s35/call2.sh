#!/bin/bash
# Call 2: the pipeline caches' data of the compaction's and the sort's kernels, and a try at
# finding their SM90 code in it (sass_probe.py).
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out/sass
W=.gpu/workgroup
{
$W --internals /tmp/ir compact --n 1000000 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 2
$W --internals /tmp/ir sort --n 1000000 --type u32 --variant radix,onesweep --runs 2
$W --internals /tmp/ir reduce --n 1000000 --type f32 --op sum --variant single-pass --runs 2
ls -la /tmp/ir
python3 docs/perf/2026-11-26-h100/s35/sass_probe.py $out/sass /tmp/ir
} > $out/call2.txt 2>&1
tar czf $out/ir.tgz -C /tmp ir
tar czf $out/sass.tgz -C $out sass && rm -rf $out/sass
