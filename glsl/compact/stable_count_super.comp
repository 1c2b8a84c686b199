#version 450
// Ours, stable compaction in two passes, step 1 of 2: one workgroup per tile counts its passing
// elements (subgroupAdd, one shared slot per subgroup) into tile_counts[g] (g = tile_base +
// tile) and adds them to its SUPERBLOCK's sum (atomicAdd). The scatter
// (stable_scatter_prefix.comp) then finds any tile's prefix from a few words.
//
// No fill before a run: the superblock sums come in two sets, used by alternate runs. The set of
// this run is `parity` (the last run's scatter flipped it); group 0 hands it on to the scatter in
// `scatter_parity` and zeroes the other set, which the last run read and the next run will add
// to. So a run needs one compute-to-compute barrier before it and no transfer.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
// supers: the superblocks at the compactor's capacity (the other set's words to zero).
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint supers; } p;
#include "compact_common.glsl"
#include "stable_tile.glsl"
layout(std430, binding = 3) writeonly buffer Tiles { uint tile_counts[]; };
// sums[2j + set]: superblock j's sum in either set; zeroed when the compactor is made.
layout(std430, binding = 8) buffer Supers { uint parity; uint scatter_parity; uint sums[]; };
const uint SUPER_SHIFT = 8u; // 256 tiles per superblock (SUPER_TILES in src/ops/compact.rs)

shared uint sg_sum[gl_WorkGroupSize.x / 4u];

void main() {
    uint t = gl_LocalInvocationID.x, tile = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y, c = 0u;
    if (tile * tile_size() >= p.n) return; // uniform: past the last tile of a 2-D grid
    for (uint r = 0u; r < ROUNDS; ++r) c += bitCount(pass_mask(load4(tile * tile_size() / 4u + r * gl_WorkGroupSize.x + t)));
    uint set = parity; // read by every group; written only by the last run's scatter
    if (tile == 0u && p.tile_base == 0u) {
        if (t == 0u) scatter_parity = set;
        for (uint j = t; j < p.supers; j += gl_WorkGroupSize.x) sums[2u * j + (set ^ 1u)] = 0u;
    }
    c = subgroupAdd(c);
    if (subgroupElect()) sg_sum[gl_SubgroupID] = c;
    barrier(); // sg_sum complete
    if (t == 0u) {
        uint total = 0u;
        for (uint k = 0u; k < gl_NumSubgroups; ++k) total += sg_sum[k];
        uint g = p.tile_base + tile;
        tile_counts[g] = total;
        atomicAdd(sums[2u * (g >> SUPER_SHIFT) + set], total);
    }
}
