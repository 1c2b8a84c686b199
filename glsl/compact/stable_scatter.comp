#version 450
// Ours, stable compaction step 3 of 3: recount each tile, and write every passing element at
// tile_offset + (passing elements before it in the tile). The in-tile rank comes from one
// workgroup exclusive scan of packed 16-bit counts (4 rounds in a uvec2: subgroupExclusiveAdd,
// then one shared slot per subgroup), so the order of the input is kept exactly.
// ROUNDS (constant_id 7): 4 or 8 rounds per tile (8: four packed 16-bit pairs in a uvec4).
// STAGE (constant_id 6) = 1: the kept f(x) go to shared memory at their in-tile rank first, then
// the tile's contiguous output range is written coalesced (consecutive invocations, consecutive
// addresses); 0: each invocation stores its kept elements directly.
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
layout(std430, binding = 3) readonly buffer Tiles { uint tile_offsets[]; };

layout(constant_id = 6) const uint STAGE = 0u;

shared uvec4 sg_sum[gl_WorkGroupSize.x];
shared uint stage[STAGE == 1u ? ROUNDS * 4u * gl_WorkGroupSize.x : 1u];
#define STAGED stage
#include "staged_write.glsl" // STAGE_VEC4: 16-byte stores of the staged copy

void main() {
    uint t = gl_LocalInvocationID.x;
    N = counted_n(p.counted != 0u, p.n);
    uint ntiles = (N + tile_size() - 1u) / tile_size();
    for (uint tile = gl_WorkGroupID.x; tile < ntiles; tile += gl_NumWorkGroups.x) {
        uvec4 v[ROUNDS];
        uint m[ROUNDS];
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint i4 = tile * tile_size() / 4u + r * gl_WorkGroupSize.x + t;
            v[r] = load4(i4);
            m[r] = pass_mask(v[r]);
        }
        // Round r's count (at most 4 x local size < 2^16) in the 16-bit half r & 1 of word r >> 1.
        uvec4 c = uvec4(0u);
        for (uint r = 0u; r < ROUNDS; ++r) c[r >> 1] += bitCount(m[r]) << (16u * (r & 1u));
        uvec4 excl = uvec4(0u), sg_total = uvec4(0u);
        excl.xy = subgroupExclusiveAdd(c.xy);
        sg_total.xy = subgroupAdd(c.xy);
        if (ROUNDS > 4u) {
            excl.zw = subgroupExclusiveAdd(c.zw);
            sg_total.zw = subgroupAdd(c.zw);
        }
        if (subgroupElect()) sg_sum[gl_SubgroupID] = sg_total;
        barrier();
        uvec4 total = uvec4(0u);
        for (uint k = 0u; k < gl_NumSubgroups; ++k) {
            if (k < gl_SubgroupID) excl += sg_sum[k];
            total += sg_sum[k];
        }
        uint base = tile_offsets[p.tile_base + tile];
        uint round_start = 0u;
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint shift = 16u * (r & 1u);
            uint k = round_start + ((excl[r >> 1] >> shift) & 0xFFFFu);
            round_start += (total[r >> 1] >> shift) & 0xFFFFu;
            for (uint c4 = 0u; c4 < 4u; ++c4) {
                if ((m[r] & (1u << c4)) != 0u) {
                    if (STAGE == 1u) stage[k++] = apply(v[r][c4]);
                    else store_out(base + k++, apply(v[r][c4]));
                }
            }
        }
        if (STAGE == 1u) {
            barrier(); // stage[] is complete
            write_staged(0u, base, round_start, t, gl_WorkGroupSize.x);
        }
        barrier(); // sg_sum is reused next tile
    }
}
