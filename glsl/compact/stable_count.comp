#version 450
// Ours, stable compaction by reduce-then-scan, step 1 of 3: count the passing elements of each
// tile (subgroupAdd, one shared slot per subgroup) into tile_counts[tile_base + tile].
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
// counted: 1 when the elements are the count in binding 10, at most n (device_count.glsl).
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint counted; } p;
#include "compact_common.glsl"
#define COUNT_BINDING 10
#include "device_count.glsl"
uint N; // the elements of this run (p.n, or a counted run's count)
#define TILE_N N
#define ROUNDS_SPEC
#include "stable_tile.glsl"
layout(std430, binding = 3) writeonly buffer Tiles { uint tile_counts[]; };

shared uint sg_sum[gl_WorkGroupSize.x];

void main() {
    uint t = gl_LocalInvocationID.x;
    N = counted_n(p.counted != 0u, p.n);
    uint ntiles = (N + tile_size() - 1u) / tile_size();
    for (uint tile = gl_WorkGroupID.x; tile < ntiles; tile += gl_NumWorkGroups.x) {
        uint c = 0u;
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint i4 = tile * tile_size() / 4u + r * gl_WorkGroupSize.x + t;
            c += bitCount(pass_mask(load4(i4)));
        }
        c = subgroupAdd(c);
        if (subgroupElect()) sg_sum[gl_SubgroupID] = c;
        barrier();
        if (t == 0u) {
            uint total = 0u;
            for (uint k = 0u; k < gl_NumSubgroups; ++k) total += sg_sum[k];
            tile_counts[p.tile_base + tile] = total;
        }
        barrier();
    }
}
