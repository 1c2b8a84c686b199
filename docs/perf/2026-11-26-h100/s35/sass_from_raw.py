#!/usr/bin/env python3
"""Disassembles the SM90 code in decompressed NVIDIA pipeline-cache entries (.raw: the zstd frame
of a `--internals` .cache.bin, unpacked). The entry starts "NVDANVVMNVuc"; its section table
gives the code's size (u32 at 0x4c) and place (u64 at 0x50, the code 8 bytes on); the code ends
with EXIT and a branch to itself."""
import glob, os, struct, subprocess, sys, tempfile
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
tmp = tempfile.mkdtemp()
for f in sorted(glob.glob(src + "/*.raw")):
    d = open(f, "rb").read()
    size = struct.unpack_from("<I", d, 0x4C)[0]
    start = struct.unpack_from("<Q", d, 0x50)[0] + 8
    code = d[start:start + size]
    open(f"{tmp}/c.bin", "wb").write(code)
    r = subprocess.run(["nvdisasm", "-b", "SM90", f"{tmp}/c.bin"], capture_output=True, text=True)
    name = os.path.basename(f)[:-4]
    open(f"{out}/{name}.sass", "w").write(r.stdout + r.stderr)
    print(name, "code", start, size, "rc", r.returncode, "lines", r.stdout.count("\n"), r.stderr[:200])
