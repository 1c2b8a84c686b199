#version 450
// Radix sort, step 2 of each pass: one workgroup per digit scans that digit's block sums (the
// count's, blocks of SCAN_BLOCK tiles) into each block's offset among the keys of the digit
// (exclusive, a tile-major row per block), zeroes the sums it read for the next pass, and writes
// the digit's total. The scatter scans the 256 totals itself.
#extension GL_GOOGLE_include_directive : require
#define SCAN_BY_SHUFFLES true // (radix_common.glsl)
#include "radix_common.glsl"
layout(std430, binding = 0) buffer BlockSums { uint block_sums[]; };
layout(std430, binding = 1) writeonly buffer BlockOffsets { uint block_offsets[]; };
layout(std430, binding = 2) writeonly buffer DigitTotals { uint digit_totals[]; };
#define COUNT_BINDING 3
#include "device_count.glsl"
// How many chunks of 4 x subgroup-size blocks the first subgroup scans alone, with no group
// barrier, before the whole group takes over: 1 on GPUs (up to 128 blocks with subgroups of 32;
// past that the group's path is kept there, as measured before; one subgroup walking many
// chunks of dependent loads was not measured on a GPU), and
// unbounded on CPU devices (src/ops/sort.rs), where a group's barriers cost more than any scan:
// with them lavapipe took 260 ms to sort 1000 keys, nearly all of it in this step.
layout(constant_id = 0) const uint SUBGROUP_CHUNKS = 1u;

// The block sums of `first`..`first + 3` (0 past `blocks`), zeroed for the next pass.
uint take_sums(uint digit, uint first, uint blocks, out uint c[4]) {
    uint sum = 0u;
    for (uint k = 0u; k < 4u; ++k) {
        uint at = (first + k) * DIGITS + digit;
        c[k] = first + k < blocks ? block_sums[at] : 0u;
        if (first + k < blocks) block_sums[at] = 0u;
        sum += c[k];
    }
    return sum;
}

void main() {
    uint digit = gl_WorkGroupID.x, l = lane_index();
    // A counted run scans only the blocks of its keys' tiles (the count step skips the others).
    uint n = counted_n(p.counted != 0u, p.n);
    uint blocks = blocks_of((n + TILE - 1u) / TILE);
    if ((blocks + 4u * gl_SubgroupSize - 1u) / (4u * gl_SubgroupSize) <= SUBGROUP_CHUNKS) {
        // The first subgroup alone (a uniform branch: blocks is the group's).
        if (gl_SubgroupID != 0u) return;
        uint carry = 0u;
        for (uint chunk = 0u; chunk < blocks; chunk += 4u * gl_SubgroupSize) {
            uint first = chunk + 4u * gl_SubgroupInvocationID, c[4];
            uint sum = take_sums(digit, first, blocks, c);
            uint at = carry + subgroupExclusiveAdd(sum);
            for (uint k = 0u; k < 4u; ++k) {
                if (first + k < blocks) block_offsets[(first + k) * DIGITS + digit] = at;
                at += c[k];
            }
            carry += subgroupAdd(sum);
        }
        if (subgroupElect()) digit_totals[digit] = carry;
        return;
    }
    uint carry = 0u; // the digit's keys in the chunks before (the same in every invocation)
    for (uint chunk = 0u; chunk < blocks; chunk += 4u * 256u) {
        uint first = chunk + 4u * l, c[4]; // four consecutive blocks per invocation
        uint sum = take_sums(digit, first, blocks, c);
        uvec4 total;
        uint at = carry + group_exclusive_scan(uvec4(sum, 0u, 0u, 0u), total).x;
        for (uint k = 0u; k < 4u; ++k) {
            if (first + k < blocks) block_offsets[(first + k) * DIGITS + digit] = at;
            at += c[k];
        }
        carry += total.x;
        barrier(); // scan_sums free for the next chunk
    }
    if (l == 0u) digit_totals[digit] = carry;
}
