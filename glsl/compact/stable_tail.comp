#version 450
// stable-lookback's fallback: ONE workgroup compacts, in order, the tail that the look-back left
// undone, from the first tile that gave up to the end of the range. Recorded after the look-back
// as an indirect dispatch whose size the look-back's give_up() sets to one group; zero groups (an
// empty dispatch) when every tile completed, which is the rule on a GPU at work: so the fallback
// costs one barrier and one empty dispatch per range instead of `stable`'s three passes.
// Why only the tail: every tile before the first one that gave up is INCLUSIVE and has written
// its output (both happen before its group ends); no tile after it can have become INCLUSIVE
// without its AGGREGATE, so it either gave up or found the right prefix and wrote the same values
// this kernel writes again. The prefix at the start is the INCLUSIVE word of the tile before,
// or, when the tail began in an earlier range, what that range's tail dispatch left in carry.
// One group is slow (it runs only when a wait gave up: on lavapipe under load), but exact.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
// n: this range's elements; tile_base: the global index of its first look-back tile;
// lookback_tile: elements per look-back tile (a multiple of 4).
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint lookback_tile; } p;
#include "compact_common.glsl"
#include "stable_tile.glsl" // 4 rounds of uvec4 per invocation: load4, pass_mask
layout(std430, binding = 2) writeonly buffer Count { uint count; };
// The look-back's state (layout in lookback_walk.glsl): first_gave_up holds ~(the first tile that
// gave up) (0: none), carry the kept count up to the end of the last range's tail.
layout(std430, binding = 3) buffer State { uint args[6]; uint ticket[4]; uint incomplete; uint pad[3]; uint first_gave_up; uint carry; uint status[]; };
const uint VALUE = 0x3FFFFFFFu;

shared uvec2 sg_sum[gl_WorkGroupSize.x];

uint field(uvec2 packed, uint r) { return (packed[r >> 1] >> (16u * (r & 1u))) & 0xFFFFu; }

void main() {
    uint first = ~first_gave_up;
    uint ntiles = (p.n + p.lookback_tile - 1u) / p.lookback_tile;
    if (first >= p.tile_base + ntiles) return; // the tail starts after this range (or nothing gave up)
    uint start = 0u, base = carry;
    if (first >= p.tile_base) {
        start = (first - p.tile_base) * p.lookback_tile;
        base = first == 0u ? 0u : status[first - 1u] & VALUE;
    }
    uint t = gl_LocalInvocationID.x, L = gl_WorkGroupSize.x;
    for (uint c4 = start / 4u; 4u * c4 < p.n; c4 += ROUNDS * L) {
        // Count each round's kept elements (16-bit fields of a pair), rank them in the group.
        uvec4 v[ROUNDS];
        uint m[ROUNDS];
        uvec2 c = uvec2(0u);
        for (uint r = 0u; r < ROUNDS; ++r) {
            v[r] = load4(c4 + r * L + t);
            m[r] = pass_mask(v[r], c4 + r * L + t);
            c[r >> 1] += bitCount(m[r]) << (16u * (r & 1u));
        }
        uvec2 excl = subgroupExclusiveAdd(c);
        uvec2 sg_total = subgroupAdd(c);
        if (subgroupElect()) sg_sum[gl_SubgroupID] = sg_total;
        barrier(); // sg_sum complete
        uvec2 total = uvec2(0u);
        for (uint q = 0u; q < gl_NumSubgroups; ++q) {
            if (q < gl_SubgroupID) excl += sg_sum[q];
            total += sg_sum[q];
        }
        barrier(); // sg_sum read: the next chunk may overwrite it
        // Write in element order: round by round, each invocation's kept values at its rank.
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint at = base + field(excl, r);
            for (uint k = 0u; k < 4u; ++k) {
                if ((m[r] & (1u << k)) != 0u) store_out(at++, apply(v[r][k]));
            }
            base += field(total, r);
        }
    }
    if (t == 0u) {
        carry = base;
        count = base; // the last range's tail dispatch writes the final count
    }
}
