#!/bin/bash
# Call 3: disassemble the kernels' SM90 code from their pipeline caches (.gpu/raw, unpacked here
# from call 2's .cache.bin files) with nvdisasm.
set -u
out=${OUT:-/tmp/out}; mkdir -p $out
{
which zstd; python3 -c "import zstandard; print('zstandard', zstandard.__version__)"
python3 docs/perf/2026-11-26-h100/s35/sass_from_raw.py .gpu/raw /tmp/sass
} > $out/call3.txt 2>&1
tar czf $out/sass.tgz -C /tmp sass
