#version 450
// Ours: no shared atomics. Each subgroup votes (subgroupBallot); an invocation's offset in its
// subgroup is the number of set bits below it (subgroupBallotExclusiveBitCount). Subgroup
// totals go to shared memory, one global atomicAdd per workgroup per tile of 4 x local size
// elements. Order is kept inside a tile, not across tiles.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; } p;
#include "compact_common.glsl"
layout(std430, binding = 0) readonly buffer In { uint x[]; };
layout(std430, binding = 2) buffer State { uint count; };

const uint ROUNDS = 4u;
shared uint sg_count[gl_WorkGroupSize.x];
shared uint group_offset;

void main() {
    uint t = gl_LocalInvocationID.x;
    uint tile = ROUNDS * gl_WorkGroupSize.x;
    for (uint base = gl_WorkGroupID.x * tile; base < p.n; base += gl_NumWorkGroups.x * tile) {
        uint v[ROUNDS];
        uint my_offset[ROUNDS];
        uint mine = 0u; // bit r: element of round r passes
        uint running = 0u;
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint i = base + r * gl_WorkGroupSize.x + t;
            v[r] = i < p.n ? x[i] : 0u;
            bool pass = i < p.n && keep(v[r]);
            uvec4 ballot = subgroupBallot(pass);
            my_offset[r] = running + subgroupBallotExclusiveBitCount(ballot);
            running += subgroupBallotBitCount(ballot);
            if (pass) mine |= 1u << r;
        }
        if (subgroupElect()) sg_count[gl_SubgroupID] = running;
        barrier();
        uint before = 0u;
        for (uint k = 0u; k < gl_SubgroupID; ++k) before += sg_count[k];
        if (t == 0u) {
            uint total = 0u;
            for (uint k = 0u; k < gl_NumSubgroups; ++k) total += sg_count[k];
            group_offset = atomicAdd(count, total);
        }
        barrier();
        for (uint r = 0u; r < ROUNDS; ++r) {
            if ((mine & (1u << r)) != 0u) store_out(group_offset + before + my_offset[r], apply(v[r]));
        }
        barrier(); // sg_count / group_offset are reused next tile
    }
}
