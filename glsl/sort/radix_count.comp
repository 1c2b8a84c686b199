#version 450
// Radix sort, step 1 of each pass: every tile counts its keys per digit and the counts are
// stored digit-major, tile_counts[digit * row_stride() + tile], so that one digit's counts over
// the tiles are consecutive for the scan. Each subgroup counts into a sub-histogram of its own
// (SUBS of them, shared round robin where subgroups are more), as the image histogram's `fastest`
// step, and a tile's loads are issued before its sub-histograms are zeroed.
//
// GROUP_TILES (constant_id 2): the tiles a group counts, one after the other. With 1 each digit's
// count is stored alone: a subgroup's store is 32 separate sectors, 40% of this step's time at
// 2^26 keys on the H100. With COUNT_TILES (8) a group stores each digit's counts of its tiles as
// two 16-byte vectors (the rows are padded for it), and the sort is 3-4% faster at 2^26, but
// with 8 times fewer groups the step's latency shows where the tiles are few (15% slower at
// 2^20), so the host picks it from 8192 tiles (COUNT_ROWS_FROM_TILES in src/ops/sort.rs).
#extension GL_GOOGLE_include_directive : require
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint GROUP_TILES = 1u; // 1 or COUNT_TILES
#include "radix_common.glsl"
#include "sort_key.glsl"
layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, binding = 1) writeonly buffer TileCounts4 { uvec4 tile_counts4[]; };
layout(std430, binding = 2) readonly buffer Keys4 { uvec4 keys4[]; }; // binding 0's buffer again
#define COUNT_BINDING 3
#include "device_count.glsl"
layout(std430, binding = 4) writeonly buffer TileCounts { uint tile_counts[]; }; // binding 1's buffer again

const uint SUBS = 8u; // at most 8 KiB of shared memory, whatever the subgroup size
shared uint histogram[SUBS * DIGITS];

// The kept keys of `tile` counted into this invocation's sub-histogram; returns digit i's count
// (each invocation zeroes and reads only digit i's words, in program order, so one barrier
// before and one after the atomics suffice).
uint count_tile(uint tile, uint n, uint i) {
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
    return count;
}

void main() {
    uint i = gl_LocalInvocationID.x, first = gl_WorkGroupID.x * GROUP_TILES;
    uint n = counted_n(p.counted != 0u, p.n);
    // Whole group: tiles past a counted run's keys (the scan and scatter stop before them;
    // writing their zeros cost as much as counting whole tiles, 20% of a counted sort on the H200).
    if (first * TILE >= n) return;
    if (GROUP_TILES == 1u) {
        tile_counts[i * row_stride() + first] = count_tile(first, n, i);
        return;
    }
    uint c[COUNT_TILES]; // 0 for the tiles past n (within the padded row)
    [[unroll]] for (uint t = 0u; t < COUNT_TILES; ++t) c[t] = (first + t) * TILE < n ? count_tile(first + t, n, i) : 0u; // uniform
    uint at = (i * row_stride() + first) / 4u;
    tile_counts4[at] = uvec4(c[0], c[1], c[2], c[3]);
    tile_counts4[at + 1u] = uvec4(c[4], c[5], c[6], c[7]);
}
