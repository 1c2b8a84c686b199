// The radix sort across the whole GPU (ours, past seed 002's one workgroup): least significant
// digit first, 8-bit digits, four passes over the order-preserving u32 images of the keys
// (sort_key.glsl). Each pass is three dispatches: count (a histogram of the digit per tile, and
// per block of tiles), scan (each digit's block sums into block offsets), scatter (each tile
// sorted by the digit in shared memory, then written at its digit's place). A tile is TILE
// consecutive keys, 256 invocations x KEYS_PER_INVOCATION. The includer declares TYPE (constant_id 1) where it reads keys.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = 256) in;
const uint KEYS_PER_INVOCATION = 20u;
const uint TILE = 256u * KEYS_PER_INVOCATION; // at most 8192: the scatter packs a place in PLACE_BITS
// With values the ranking sorts (digit << PLACE_BITS | place in the tile).
const uint PLACE_BITS = TILE > 4096u ? 13u : 12u;
const uint DIGITS = 256u;

// n: keys; shift: the digit's lowest bit (0, 8, 16, 24); tiles: ceil(n / TILE); walk_limit: the
// onesweep's bound on one look-back (radix_onesweep.comp; the other kernels ignore it); counted:
// 1 when the keys are the count in the COUNT_BINDING buffer, at most n (device_count.glsl; the
// grid, the tiles and the layouts are then n's, and tiles past the count sort nothing).
layout(push_constant) uniform Push { uint n; uint shift; uint tiles; uint walk_limit; uint counted; } p;

// The three-step pass's counts are tile-major, a row of 256 words per tile
// (tile_counts[tile * DIGITS + digit]), so that the count stores and the scatter reads whole
// rows (with digit-major rows, one digit's counts over the tiles, each of those accesses was 32
// separate sectors a subgroup: docs/sort.md, forty-second session). The scan works on blocks of
// SCAN_BLOCK consecutive tiles (constant 8, set by the host: RADIX_SCAN_BLOCK in
// src/ops/sort.rs): the count adds each tile's row into its block's row of block_sums, the scan
// turns those into each block's offsets per digit, and the scatter adds the counts of the tiles
// before its own in the block.
layout(constant_id = 8) const uint SCAN_BLOCK = 32u;
uint blocks_of(uint tiles) { return (tiles + SCAN_BLOCK - 1u) / SCAN_BLOCK; }

// The invocation's place in the group, subgroup by subgroup, so that a subgroup scan followed by
// a scan of the subgroup totals is a scan in this order on any device.
uint lane_index() { return gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID; }

// One slot per subgroup (subgroups of at least 4 invocations).
shared uvec4 scan_sums[64];

// SCAN_BY_SHUFFLES (a constant expression the driver folds; default false): the group scan's
// subgroup step by shuffles (subgroup_shuffle_scan.glsl). On the H100 that made the keys-only
// radix sort 2.5% faster, but the sort with indices 6.6% slower and onesweep 1.7x slower (150
// registers instead of 80), so each includer chooses (docs/sort.md, thirty-fifth session).
#ifndef SCAN_BY_SHUFFLES
#define SCAN_BY_SHUFFLES false
#endif
#include "subgroup_shuffle_scan.glsl"

// Exclusive prefix sum of `v` over the group in lane_index() order, and the group's `total`
// (the whole group, in uniform control flow). Leaves scan_sums in use: the caller puts a barrier
// between this and the next scan.
uvec4 group_exclusive_scan(uvec4 v, out uvec4 total) {
    uvec4 excl = SCAN_BY_SHUFFLES ? exclusive_add_by_shuffles(v) : subgroupExclusiveAdd(v);
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) scan_sums[gl_SubgroupID] = excl + v;
    barrier(); // every subgroup's total is in scan_sums
    total = uvec4(0u);
    for (uint q = 0u; q < gl_NumSubgroups; ++q) {
        if (q < gl_SubgroupID) excl += scan_sums[q];
        total += scan_sums[q];
    }
    return excl;
}
