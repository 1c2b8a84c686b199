#version 450
// Ours, stable compaction step 3 of 3: recount each tile, and write every passing element at
// tile_offset + (passing elements before it in the tile). The in-tile rank comes from one
// workgroup exclusive scan of packed 16-bit counts (4 rounds in a uvec2: subgroupExclusiveAdd,
// then one shared slot per subgroup), so the order of the input is kept exactly.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; } p;
#include "compact_common.glsl"
#include "stable_tile.glsl"
layout(std430, binding = 3) readonly buffer Tiles { uint tile_offsets[]; };

shared uvec2 sg_sum[gl_WorkGroupSize.x];

void main() {
    uint t = gl_LocalInvocationID.x;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    for (uint tile = gl_WorkGroupID.x; tile < ntiles; tile += gl_NumWorkGroups.x) {
        uvec4 v[ROUNDS];
        uint m[ROUNDS];
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint i4 = tile * tile_size() / 4u + r * gl_WorkGroupSize.x + t;
            v[r] = load4(i4);
            m[r] = pass_mask(v[r], i4);
        }
        uvec2 c = uvec2(bitCount(m[0]) | (bitCount(m[1]) << 16), bitCount(m[2]) | (bitCount(m[3]) << 16));
        uvec2 excl = subgroupExclusiveAdd(c);
        uvec2 sg_total = subgroupAdd(c);
        if (subgroupElect()) sg_sum[gl_SubgroupID] = sg_total;
        barrier();
        uvec2 total = uvec2(0u);
        for (uint k = 0u; k < gl_NumSubgroups; ++k) {
            if (k < gl_SubgroupID) excl += sg_sum[k];
            total += sg_sum[k];
        }
        uint base = tile_offsets[p.tile_base + tile];
        uint round_start[ROUNDS] = uint[ROUNDS](0u, total.x & 0xFFFFu, (total.x & 0xFFFFu) + (total.x >> 16),
                                                 (total.x & 0xFFFFu) + (total.x >> 16) + (total.y & 0xFFFFu));
        uint mine[ROUNDS] = uint[ROUNDS](excl.x & 0xFFFFu, excl.x >> 16, excl.y & 0xFFFFu, excl.y >> 16);
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint k = base + round_start[r] + mine[r];
            for (uint c4 = 0u; c4 < 4u; ++c4) {
                if ((m[r] & (1u << c4)) != 0u) store_out(k++, apply(v[r][c4]));
            }
        }
        barrier(); // sg_sum is reused next tile
    }
}
