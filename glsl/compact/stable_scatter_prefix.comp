#version 450
// Ours, stable compaction in two passes, step 2 of 2: one workgroup per tile loads its tile,
// ranks it in the group and FINDS ITS OWN PREFIX in the same barrier, with no scan pass: the sums
// of the superblocks (256 tiles) before its own plus the counts of its superblock's tiles before
// it, one or two words per invocation (step 1, stable_count_super.comp, wrote both). Then each
// subgroup writes its kept f(x), one round at a time, staged in its own part of shared memory
// (subgroup_write.glsl, as the large look-back kernel). The last tile of the last range writes
// the count.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
// tile_base: the tiles of the ranges before this one; last: 1 in the last range.
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint last; } p;
#include "compact_common.glsl"
#include "stable_tile.glsl"
layout(std430, binding = 2) writeonly buffer Count { uint count; };
layout(std430, binding = 3) readonly buffer Tiles { uint tile_counts[]; };
// sums[2j + set]: superblock j's sum in either set (stable_count_super.comp); this run's set is
// scatter_parity, and the last tile flips parity for the next run's count.
layout(std430, binding = 8) buffer Supers { uint parity; uint scatter_parity; uint sums[]; };
const uint SUPER_SHIFT = 8u; // 256 tiles per superblock (SUPER_TILES in src/ops/compact.rs)

shared uvec2 sg_sum[gl_WorkGroupSize.x / 4u];
shared uint sg_prefix[gl_WorkGroupSize.x / 4u];
shared uint stage[4u * gl_WorkGroupSize.x]; // one round: 4 words per invocation, a part per subgroup
#define RANK_SUMS sg_sum
#include "tile_rank.glsl"
#define STAGED stage
#include "subgroup_write.glsl"

void main() {
    uint t = gl_LocalInvocationID.x, tile = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y, L = gl_WorkGroupSize.x;
    if (tile * tile_size() >= p.n) return; // uniform: past the last tile of a 2-D grid
    // Last tile first: the count pass read the input in order, so the scatter's first loads find
    // the last tiles still in L2 (1.4-4% faster on the H200 at 2^26..2^24, L2 emptied before).
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    tile = ntiles - 1u - tile;
    uvec4 v[ROUNDS];
    for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(tile * tile_size() / 4u + r * L + t);
    // This invocation's part of the prefix, read while the tile's loads are in flight.
    uint g = p.tile_base + tile, s = g >> SUPER_SHIFT, part = 0u, set = scatter_parity;
    for (uint q = t; q < s; q += L) part += sums[2u * q + set];
    for (uint j = (s << SUPER_SHIFT) + t; j < g; j += L) part += tile_counts[j];
    part = subgroupAdd(part);
    if (subgroupElect()) sg_prefix[gl_SubgroupID] = part;
    uvec2 c = uvec2(0u);
    for (uint r = 0u; r < ROUNDS; ++r) c[r >> 1] += bitCount(pass_mask(v[r])) << (16u * (r & 1u));
    uvec2 at, total, start;
    uint tile_count = rank_in_group_starts(c, at, total, start); // its barrier completes sg_prefix too
    uint base = 0u;
    for (uint q = 0u; q < gl_NumSubgroups; ++q) base += sg_prefix[q];
    write_by_subgroups(v, at, start, base);
    if (t == 0u && p.last == 1u && tile + 1u == ntiles) {
        count = base + tile_count;
        parity = set ^ 1u; // no other scatter group reads it
    }
}
