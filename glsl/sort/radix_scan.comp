#version 450
// Radix sort, step 2 of each pass: one workgroup per digit scans that digit's counts over the
// tiles into each tile's offset among the keys of the digit (exclusive), and writes the digit's
// total. The scatter scans the 256 totals itself.
#extension GL_GOOGLE_include_directive : require
#define SCAN_BY_SHUFFLES true // (radix_common.glsl)
#include "radix_common.glsl"
layout(std430, binding = 0) readonly buffer TileCounts { uint tile_counts[]; };
layout(std430, binding = 1) writeonly buffer TileOffsets { uint tile_offsets[]; };
layout(std430, binding = 2) writeonly buffer DigitTotals { uint digit_totals[]; };
#define COUNT_BINDING 3
#include "device_count.glsl"
// How many chunks of 4 x subgroup-size tiles the first subgroup scans alone, with no group
// barrier, before the whole group takes over: 1 on GPUs (up to 393,216 keys with subgroups of
// 32; past that the group's path is kept there, as measured before; one subgroup walking many
// chunks of dependent loads was not measured on a GPU), and
// unbounded on CPU devices (src/ops/sort.rs), where a group's barriers cost more than any scan:
// with them lavapipe took 260 ms to sort 1000 keys, nearly all of it in this step.
layout(constant_id = 0) const uint SUBGROUP_CHUNKS = 1u;

void main() {
    uint digit = gl_WorkGroupID.x, l = lane_index();
    // row_stride(): the rows' length; a counted run scans only the tiles of its keys (the count
    // step skips the others).
    uint row = digit * row_stride();
    uint n = counted_n(p.counted != 0u, p.n);
    uint tiles = (n + TILE - 1u) / TILE;
    if ((tiles + 4u * gl_SubgroupSize - 1u) / (4u * gl_SubgroupSize) <= SUBGROUP_CHUNKS) {
        // The first subgroup alone (a uniform branch: tiles is the group's).
        if (gl_SubgroupID != 0u) return;
        uint carry = 0u;
        for (uint chunk = 0u; chunk < tiles; chunk += 4u * gl_SubgroupSize) {
            uint first = chunk + 4u * gl_SubgroupInvocationID, c[4], sum = 0u;
            for (uint k = 0u; k < 4u; ++k) {
                c[k] = first + k < tiles ? tile_counts[row + first + k] : 0u;
                sum += c[k];
            }
            uint at = carry + subgroupExclusiveAdd(sum);
            for (uint k = 0u; k < 4u; ++k) {
                if (first + k < tiles) tile_offsets[row + first + k] = at;
                at += c[k];
            }
            carry += subgroupAdd(sum);
        }
        if (subgroupElect()) digit_totals[digit] = carry;
        return;
    }
    uint carry = 0u; // the digit's keys in the chunks before (the same in every invocation)
    for (uint chunk = 0u; chunk < tiles; chunk += 4u * 256u) {
        uint first = chunk + 4u * l; // four consecutive tiles per invocation
        uint c[4];
        uint sum = 0u;
        for (uint k = 0u; k < 4u; ++k) {
            c[k] = first + k < tiles ? tile_counts[row + first + k] : 0u;
            sum += c[k];
        }
        uvec4 total;
        uint at = carry + group_exclusive_scan(uvec4(sum, 0u, 0u, 0u), total).x;
        for (uint k = 0u; k < 4u; ++k) {
            if (first + k < tiles) tile_offsets[row + first + k] = at;
            at += c[k];
        }
        carry += total.x;
        barrier(); // scan_sums free for the next chunk
    }
    if (l == 0u) digit_totals[digit] = carry;
}
