#version 450
// Radix sort, step 1 of each pass: every tile counts its keys per digit and writes the counts
// digit-major, tile_counts[digit * tiles + tile], so that one digit's counts over the tiles are
// consecutive for the scan. As the image histogram's `fastest` step, each subgroup counts into a
// sub-histogram of its own (SUBS of them, shared round robin where subgroups are more), so only a
// subgroup's lanes contend for a bin, and the tile's loads are issued before the histograms are
// zeroed (on the H100 one histogram per group held the count at 60% of the read kernel's rate).
#extension GL_GOOGLE_include_directive : require
layout(constant_id = 1) const uint TYPE = 0u;
#include "radix_common.glsl"
#include "sort_key.glsl"
layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, binding = 1) writeonly buffer TileCounts { uint tile_counts[]; };
layout(std430, binding = 2) readonly buffer Keys4 { uvec4 keys4[]; }; // binding 0's buffer again
#define COUNT_BINDING 3
#include "device_count.glsl"

const uint SUBS = 8u; // at most 8 KiB of shared memory, whatever the subgroup size
shared uint histogram[SUBS * DIGITS];

void main() {
    uint i = gl_LocalInvocationID.x, tile = gl_WorkGroupID.x;
    uint n = counted_n(p.counted != 0u, p.n);
    // Whole group: a tile past a counted run's keys (the scan and scatter stop before it; writing
    // its zeros cost as much as counting a whole tile, 20% of a counted sort on the H200).
    if (tile * TILE >= n) return;
    uint start = tile * TILE;
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
    uint count = 0u;
    for (uint s = 0u; s < SUBS; ++s) count += histogram[s * DIGITS + i];
    tile_counts[i * p.tiles + tile] = count;
}
