#version 450
// Ours, the fastest compaction that does not keep order: `stable`'s scatter in halves
// (stable_scatter_overlap.comp) with the tile's place taken by ONE global atomicAdd instead of a
// prefix. One workgroup per tile of 4096 elements (256 invocations x 4 rounds of 16-byte loads):
// the tile is ranked in the group (tile_rank.glsl: packed 16-bit counts, subgroupExclusiveAdd),
// invocation 0 adds its count to the output's count and so gets the tile's place, and the kept
// values are staged in shared memory half a tile at a time and written out coalesced. Order is
// kept inside a tile; tiles land in the order their atomics arrive. No group waits for another,
// so its time is the data's movement alone (docs/reduce_compact.md).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
// counted: 1 when the elements are the count in binding 3, at most n (device_count.glsl).
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint counted; } p;
#include "compact_common.glsl"
#define COUNT_BINDING 3
#include "device_count.glsl"
uint N; // the elements of this run (p.n, or a counted run's count)
#define TILE_N N
// PARTIAL_UVEC4 (constant_id 12): 0 in the pipeline of every tile but one, 1 in the pipeline that
// takes only that one, the last tile when it ends in a partial uvec4 (its element-by-element
// loads would cost the other tiles' pipeline time even where they never run: stable_tile.glsl).
// Both read N when they run, so a counted run's grid needs no size from the host.
#define TAIL_SPEC
#include "stable_tile.glsl"
layout(std430, binding = 2) buffer Count { uint count; };

shared uvec2 sg_sum[gl_WorkGroupSize.x / 4u];
shared uint stage[2u * 4u * gl_WorkGroupSize.x]; // half a tile
shared uint tile_place;
#define RANK_SUMS sg_sum
#include "tile_rank.glsl"
#include "staged_halves.glsl" // kept_per_round, stage_half, write_half

void main() {
    uint t = gl_LocalInvocationID.x, L = gl_WorkGroupSize.x;
    N = counted_n(p.counted != 0u, p.n);
    uint ntiles = (N + tile_size() - 1u) / tile_size();
    bool partial_end = (N & 3u) != 0u; // the last tile ends in a partial uvec4
    uint tile = PARTIAL_UVEC4 == 1u ? ntiles - 1u : gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y;
    // Uniform: past the last tile (of a 2-D grid, or of a count below the bound), or the other
    // pipeline's tile.
    if (tile >= ntiles || (tile == ntiles - 1u && partial_end) != (PARTIAL_UVEC4 == 1u)) return;
    uvec4 v[ROUNDS];
    for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(tile * tile_size() / 4u + r * L + t);
    uvec2 at, total;
    uint tile_count = rank_in_group_totals(kept_per_round(v), at, total);
    // The tile's place: the atomic's reply is awaited at the next barrier, the first half staged
    // meanwhile.
    if (t == 0u && tile_count > 0u) tile_place = atomicAdd(count, tile_count);
    uint first = field(total, 0u) + field(total, 1u); // kept in the first half
    stage_half(v, at, 0u, 0u);
    barrier(); // the first half staged, tile_place written
    uint base = tile_place;
    write_half(base, first);
    barrier(); // stage[] read out
    stage_half(v, at, ROUNDS / 2u, first);
    barrier(); // the second half staged
    write_half(base + first, tile_count - first);
}
