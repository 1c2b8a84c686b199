#!/bin/bash
# Eighteenth session, call 16: A/B of write_by_subgroups' barriers. A (.gpu/workgroup, commit
# c285533): subgroupMemoryBarrierShared + subgroupBarrier (whose semantics also order buffer and
# image memory). B (.gpu/b/workgroup): controlBarrier at subgroup scope ordering shared memory only.
S="compact --type f32 --pred gt:0.5 --runs 30"
for rep in 1 2; do
  for bin in .gpu/workgroup .gpu/b/workgroup; do
    for a in "--variant stable --n 67108864" "--variant stable --n 16777216 --stable-overlap-halves false" \
             "--variant stable --n 67108864 --stable-overlap 0" "--variant stable-lookback --n 67108864" \
             "--variant stable --n 16777216"; do
      echo "## $bin $a"
      $bin $S --pass-fraction 0.5 $a 2>&1 | grep -E '^stable|rror'
    done
  done
done
for bin in .gpu/workgroup .gpu/b/workgroup; do
  echo "## $bin passes with the barrier between"
  $bin $S --pass-fraction 0.5 --variant stable --n 67108864 --passes --stable-overlap-barrier true 2>&1 | grep -E 'passes: stable|scatter_overlap|rror'
done
