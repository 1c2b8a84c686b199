#!/bin/bash
# Call 4: pipelines that ask for no bounds checks (VK_EXT_pipeline_robustness, storage and uniform
# buffers and images DISABLED) against the device's default (WG_ROBUSTNESS=default), one binary,
# alternating twice; then every variant of every op with the checks off, at awkward sizes, for
# exactness; and both modes' pipeline caches for the machine code.
set -u
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
out=${OUT:-/tmp/out}; mkdir -p $out
W=.gpu/workgroup
log() { echo "### $*"; "$@"; }
{
date -u
nvidia-smi --query-gpu=name,driver_version --format=csv
$W devices 2>&1 | grep -E "NVIDIA|bounds"
for rep in 1 2; do for mode in default off; do
  export WG_ROBUSTNESS=$mode; echo "=== robustness $mode (rep $rep)"
  log $W compact --n 67108864 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 50
  log $W compact --n 16777216 --type f32 --pred gt:0.5 --pass-fraction 0.5 --variant stable --runs 30
  log $W reduce --n 268435456 --type f32 --op sum --variant single-pass --runs 30
  log $W scan --n 67108864 --type u32 --op sum --exclusive --variant single-pass --runs 30
  for n in 16777216 67108864; do log $W sort --n $n --type u32 --variant radix,onesweep --runs 20; done
  log $W sort --n 67108864 --type f32 --variant radix --runs 20
  log $W histogram assets/chelsea.png --variant all --runs 20
  log $W blur assets/chelsea.png --filter 15 --variant all --runs 20
done; done
unset WG_ROBUSTNESS
echo "=== exactness with the checks off"
for n in 1 257 1000003; do
  log $W --validate compact --n $n --variant all --runs 2 --pass-fraction 0.5
  log $W --validate reduce --n $n --type i32 --op min --variant all --runs 2
  log $W --validate scan --n $n --type u32 --op sum --exclusive --variant all --runs 2
  log $W --validate sort --n $n --type f32 --variant all --runs 2
  log $W --validate sort --n $n --type u32 --variant radix,onesweep --indices --runs 2
done
log $W --validate histogram assets/coffee.png --variant all --runs 2
log $W --validate blur assets/coffee.png --filter 7 --variant all --runs 2
log $W --validate gray assets/coffee.png -o /tmp/g.png --variant all --runs 2
log $W --validate levels assets/coffee.png -o /tmp/l.png --runs 2
log $W --validate particles --n 65537 --frames 60
date -u
} > $out/call4.txt 2>&1
for mode in default off; do
  WG_ROBUSTNESS=$mode $W --internals /tmp/ir-$mode compact --n 1000000 --variant stable --runs 1 >/dev/null 2>&1
  WG_ROBUSTNESS=$mode $W --internals /tmp/ir-$mode sort --n 1000000 --type u32 --variant radix,onesweep --runs 1 >/dev/null 2>&1
done
tar czf $out/ir.tgz -C /tmp ir-default ir-off
