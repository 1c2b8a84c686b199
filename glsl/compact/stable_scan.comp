#version 450
// Ours, stable compaction step 2 of 3: one workgroup turns the tile counts into exclusive
// offsets, in place (each invocation a contiguous chunk: sum, workgroup exclusive scan of the
// sums, then the running offsets), and writes the total kept count.
// COALESCED (constant_id 1) = 1: instead, blocks of 4 x local size counts, invocation t holding
// 4 consecutive ones (consecutive invocations, consecutive addresses), a workgroup exclusive scan
// per block plus the carry of the blocks before.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint COALESCED = 0u;
// ntiles_given: the tiles; counted: 1 when they are those of the count in binding 2 (at most
// `bound` elements, `tile` a tile): a counted run, whose length only the GPU knows.
layout(push_constant) uniform Push { uint ntiles_given; uint counted; uint bound; uint tile; } p;
layout(std430, binding = 0) buffer Tiles { uint tile_counts[]; };
layout(std430, binding = 1) writeonly buffer State { uint count; };
#define COUNT_BINDING 2
#include "device_count.glsl"
uint ntiles_of_run() {
    if (p.counted == 0u) return p.ntiles_given;
    uint n = counted_n(true, p.bound);
    return n / p.tile + (n % p.tile != 0u ? 1u : 0u);
}

shared uint sg_sum[gl_WorkGroupSize.x];

void coalesced() {
    uint t = gl_LocalInvocationID.x, ntiles = ntiles_of_run();
    uint carry = 0u; // uniform: every invocation sums the same subgroup totals
    for (uint block = 0u; block < ntiles; block += 4u * gl_WorkGroupSize.x) {
        uint i0 = block + 4u * t;
        uint v[4];
        uint s = 0u;
        for (uint c = 0u; c < 4u; ++c) {
            v[c] = i0 + c < ntiles ? tile_counts[i0 + c] : 0u;
            s += v[c];
        }
        uint excl = subgroupExclusiveAdd(s);
        uint total_sg = subgroupAdd(s);
        if (subgroupElect()) sg_sum[gl_SubgroupID] = total_sg;
        barrier();
        uint total = 0u;
        for (uint k = 0u; k < gl_NumSubgroups; ++k) {
            if (k < gl_SubgroupID) excl += sg_sum[k];
            total += sg_sum[k];
        }
        excl += carry;
        for (uint c = 0u; c < 4u; ++c) {
            if (i0 + c < ntiles) tile_counts[i0 + c] = excl;
            excl += v[c];
        }
        carry += total;
        barrier(); // sg_sum is reused by the next block
    }
    if (t == 0u) count = carry;
}

void main() {
    if (COALESCED == 1u) {
        coalesced();
        return;
    }
    uint t = gl_LocalInvocationID.x, ntiles = ntiles_of_run();
    uint chunk = (ntiles + gl_WorkGroupSize.x - 1u) / gl_WorkGroupSize.x;
    uint start = min(t * chunk, ntiles);
    uint end = min(start + chunk, ntiles);
    uint s = 0u;
    for (uint i = start; i < end; ++i) s += tile_counts[i];
    uint excl = subgroupExclusiveAdd(s);
    uint total_sg = subgroupAdd(s);
    if (subgroupElect()) sg_sum[gl_SubgroupID] = total_sg;
    barrier();
    for (uint k = 0u; k < gl_SubgroupID; ++k) excl += sg_sum[k];
    for (uint i = start; i < end; ++i) {
        uint v = tile_counts[i];
        tile_counts[i] = excl;
        excl += v;
    }
    if (t == 0u) {
        uint total = 0u;
        for (uint k = 0u; k < gl_NumSubgroups; ++k) total += sg_sum[k];
        count = total;
    }
}
