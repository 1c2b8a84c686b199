#version 450
// Radix sort, step 1 of each pass: every tile counts its keys per digit, stores the counts as the
// tile's row of tile_counts and adds them into its block's row of block_sums (radix_common.glsl:
// tile-major rows, blocks of SCAN_BLOCK tiles; the scan zeroes block_sums after reading them).
// Each subgroup counts into a sub-histogram of its own (SUBS of them, shared round robin where
// subgroups are more), as the image histogram's `fastest` step, and a tile's loads are issued
// before its sub-histograms are zeroed.
#extension GL_GOOGLE_include_directive : require
layout(constant_id = 1) const uint TYPE = 0u;
#include "radix_common.glsl"
#include "sort_key.glsl"
layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, binding = 1) readonly buffer Keys4 { uvec4 keys4[]; }; // binding 0's buffer again
layout(std430, binding = 2) writeonly buffer TileCounts { uint tile_counts[]; };
layout(std430, binding = 3) buffer BlockSums { uint block_sums[]; };
#define COUNT_BINDING 4
#include "device_count.glsl"

const uint SUBS = 8u; // at most 8 KiB of shared memory, whatever the subgroup size
shared uint histogram[SUBS * DIGITS];

void main() {
    uint i = gl_LocalInvocationID.x, tile = gl_WorkGroupID.x;
    uint n = counted_n(p.counted != 0u, p.n);
    uint start = tile * TILE;
    // Whole group: tiles past a counted run's keys (the scan and scatter stop before them;
    // writing their zeros cost as much as counting whole tiles, 20% of a counted sort on the H200).
    if (start >= n) return;
    bool whole = start + TILE <= n; // uniform
    // The tile's keys first (whole tiles: 16-byte loads, a round reads 1024 consecutive keys;
    // the last tile: a round reads 256 consecutive keys, none past n), in flight while the
    // sub-histograms are zeroed.
    uvec4 v[KEYS_PER_INVOCATION / 4u];
    uint k[KEYS_PER_INVOCATION];
    if (whole) {
        for (uint r = 0u; r < KEYS_PER_INVOCATION / 4u; ++r) v[r] = keys4[start / 4u + r * 256u + i];
    } else {
        for (uint r = 0u; r < KEYS_PER_INVOCATION; ++r) {
            uint at = start + r * 256u + i;
            k[r] = at < n ? keys[at] : 0u;
        }
    }
    for (uint s = 0u; s < SUBS; ++s) histogram[s * DIGITS + i] = 0u;
    barrier(); // every sub-histogram zeroed
    uint sub = (gl_SubgroupID % SUBS) * DIGITS;
    if (whole) {
        for (uint r = 0u; r < KEYS_PER_INVOCATION / 4u; ++r) {
            for (uint c = 0u; c < 4u; ++c) atomicAdd(histogram[sub + ((to_key(v[r][c]) >> p.shift) & 0xFFu)], 1u);
        }
    } else {
        for (uint r = 0u; r < KEYS_PER_INVOCATION; ++r) {
            if (start + r * 256u + i < n) atomicAdd(histogram[sub + ((to_key(k[r]) >> p.shift) & 0xFFu)], 1u);
        }
    }
    barrier(); // every key counted
    // Invocation i: digit i (each zeroed and reads only its own words, so the two barriers suffice).
    uint count = 0u;
    for (uint s = 0u; s < SUBS; ++s) count += histogram[s * DIGITS + i];
    tile_counts[tile * DIGITS + i] = count;
    if (count != 0u) atomicAdd(block_sums[(tile / SCAN_BLOCK) * DIGITS + i], count);
}
