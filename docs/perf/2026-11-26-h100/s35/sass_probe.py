#!/usr/bin/env python3
"""Look for SM90 machine code inside NVIDIA pipeline cache blobs (`--internals` writes them).
Learns the EXIT instruction's encoding from a tiny CUDA kernel, finds it in each blob, and tries
nvdisasm's raw mode (-b SM90) on the code that ends there."""
import glob, os, subprocess, sys, tempfile
out = sys.argv[1]
blobs = sorted(glob.glob(sys.argv[2] + "/*.cache.bin"))
tmp = tempfile.mkdtemp()
open(f"{tmp}/k.cu", "w").write("__global__ void k(int *p) { p[threadIdx.x] = 1; }\n")
subprocess.run(["nvcc", "-arch=sm_90", "-cubin", "-o", f"{tmp}/k.cubin", f"{tmp}/k.cu"], check=True)
hexd = subprocess.run(["nvdisasm", "-hex", f"{tmp}/k.cubin"], capture_output=True, text=True).stdout
open(f"{out}/tiny.sass", "w").write(hexd)
exit_lo = None
for line in hexd.splitlines():
    if "EXIT" in line and "/* 0x" in line:
        exit_lo = int(line.split("/* 0x")[1].split(" */")[0], 16)
        break
print("EXIT low word", hex(exit_lo) if exit_lo is not None else None)
pat = exit_lo.to_bytes(8, "little")
for b in blobs:
    data = open(b, "rb").read()
    name = os.path.basename(b)
    hits = []
    i = data.find(pat)
    while i >= 0:
        hits.append(i)
        i = data.find(pat, i + 1)
    print(name, len(data), "bytes, EXIT at", hits[:10])
    if not hits:
        continue
    last = hits[-1] + 16
    phase = hits[0] % 16
    # the longest stretch ending at the last EXIT that nvdisasm decodes without complaint
    best = None
    for start in range(phase, hits[0] + 1, 16):
        chunk = data[start:last]
        open(f"{tmp}/raw.bin", "wb").write(chunk)
        r = subprocess.run(["nvdisasm", "-b", "SM90", f"{tmp}/raw.bin"], capture_output=True, text=True)
        if r.returncode == 0 and "??" not in r.stdout and "error" not in r.stderr.lower():
            best = (start, r.stdout)
            break
    if best:
        open(f"{out}/{name[:-len('.cache.bin')]}.sass", "w").write(f"// from byte {best[0]} to {last}\n" + best[1])
        print("  decoded from", best[0], "lines", best[1].count("\n"))
    else:
        print("  nothing decoded")
