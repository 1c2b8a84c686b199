#version 450
// Ours, stable compaction in two passes, step 1 of 2: one workgroup per tile counts its passing
// elements (subgroupAdd, one shared slot per subgroup) into tile_counts[g] (g = tile_base +
// tile) and adds them to its SUPERBLOCK's sum, super_sums[g / 256] (atomicAdd; zeroed before).
// The scatter (stable_scatter_prefix.comp) then finds any tile's prefix from a few words.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint last; } p;
#include "compact_common.glsl"
#include "stable_tile.glsl"
layout(std430, binding = 3) writeonly buffer Tiles { uint tile_counts[]; };
layout(std430, binding = 8) buffer Supers { uint super_sums[]; }; // one per 256 tiles, filled with zeros before
const uint SUPER_SHIFT = 8u; // 256 tiles per superblock (SUPER_TILES in src/ops/compact.rs)

shared uint sg_sum[gl_WorkGroupSize.x / 4u];

void main() {
    uint t = gl_LocalInvocationID.x, tile = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y, c = 0u;
    if (tile * tile_size() >= p.n) return; // uniform: past the last tile of a 2-D grid
    for (uint r = 0u; r < ROUNDS; ++r) c += bitCount(pass_mask(load4(tile * tile_size() / 4u + r * gl_WorkGroupSize.x + t)));
    c = subgroupAdd(c);
    if (subgroupElect()) sg_sum[gl_SubgroupID] = c;
    barrier(); // sg_sum complete
    if (t == 0u) {
        uint total = 0u;
        for (uint k = 0u; k < gl_NumSubgroups; ++k) total += sg_sum[k];
        uint g = p.tile_base + tile;
        tile_counts[g] = total;
        atomicAdd(super_sums[g >> SUPER_SHIFT], total);
    }
}
