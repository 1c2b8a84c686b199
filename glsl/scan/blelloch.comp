#version 450
// Step 2 of the scan lecture (Blelloch 1990; GPU Gems 3 ch. 39, "work-efficient scan"): two
// elements per invocation, a block of 2 x gl_WorkGroupSize.x in shared memory scanned as a
// balanced tree. Up-sweep: log2(block) levels of pairwise sums toward the root (the last slot
// ends with the block's total); the root is cleared; down-sweep: back down the tree, each node
// hands its prefix to its left child and prefix + left sum to its right one. 2n additions,
// but 2 log2(block) barriers and half the invocations idle at the top of the tree.
// Slots are padded by one every 32 (the chapter's CONFLICT_FREE_OFFSET): at the tree's deep
// levels the strides are multiples of 32 words, and all of a subgroup's accesses would hit one
// shared-memory bank.
// The block's total goes to totals[]; the host scans the totals the same way and adds them back
// (add_block_offsets.comp), so any n works.
#extension GL_GOOGLE_include_directive : require
#include "scan_common.glsl"
layout(std430, binding = 0) readonly buffer In { uint x[]; };
layout(std430, binding = 1) writeonly buffer Out { uint y[]; };
layout(std430, binding = 2) writeonly buffer Totals { uint totals[]; };
const uint B = 2u * gl_WorkGroupSize.x;
shared uint s[B + B / 32u];
uint pad(uint j) {
    return j + (j >> 5u);
}

void main() {
    uint t = gl_LocalInvocationID.x, L = gl_WorkGroupSize.x;
    uint block = group_index();
    uint i0 = block * B + t, i1 = i0 + L; // coalesced: the first half, then the second
    uint v0 = i0 < p.n ? load_key(x[i0]) : identity();
    uint v1 = i1 < p.n ? load_key(x[i1]) : identity();
    s[pad(t)] = v0;
    s[pad(t + L)] = v1;
    // Up-sweep (reduce): at each level, node bi takes the sum of its left sibling ai.
    uint offset = 1u;
    for (uint d = L; d > 0u; d >>= 1u) {
        barrier(); // the level below is complete
        if (t < d) {
            uint ai = offset * (2u * t + 1u) - 1u, bi = offset * (2u * t + 2u) - 1u;
            s[pad(bi)] = combine(s[pad(ai)], s[pad(bi)]);
        }
        offset <<= 1u;
    }
    barrier(); // the root holds the total
    if (t == 0u) {
        if ((p.flags & TOTALS) != 0u) totals[p.offset + block] = s[pad(B - 1u)];
        s[pad(B - 1u)] = identity();
    }
    // Down-sweep: each node passes its prefix left, and prefix + left sum right.
    for (uint d = 1u; d < B; d <<= 1u) {
        offset >>= 1u;
        barrier(); // the level above is complete
        if (t < d) {
            uint ai = offset * (2u * t + 1u) - 1u, bi = offset * (2u * t + 2u) - 1u;
            uint left = s[pad(ai)];
            s[pad(ai)] = s[pad(bi)];
            s[pad(bi)] = combine(s[pad(bi)], left);
        }
    }
    barrier(); // every exclusive prefix is in place
    uint e0 = s[pad(t)], e1 = s[pad(t + L)];
    bool inclusive = (p.flags & EXCLUSIVE) == 0u;
    if (i0 < p.n) y[i0] = store_value(inclusive ? combine(e0, v0) : e0);
    if (i1 < p.n) y[i1] = store_value(inclusive ? combine(e1, v1) : e1);
}
