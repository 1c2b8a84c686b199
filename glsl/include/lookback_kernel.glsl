// What the two workgroup kernels of stable-lookback share (stable_lookback.glsl, the persistent
// grid; stable_lookback_tile.glsl, one tile per workgroup): specialization constants, push
// constants, bindings, the tile (stable_tile.glsl), the walk (lookback_walk.glsl), the staged
// tile and its write (staged_write.glsl) and the fallback (lookback_tail.glsl).
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
// Diagnosis only (wrong results, for timing what the rest costs): 1 skips the look-back (the
// tile writes at its own start, as if every element before it passed: the writes spread like the
// real ones); 2 also skips the ticket (the tile follows from the group's index). 0: the real
// kernel; 3: the real kernel, counting look-backs, their reads and steps back in pad[0..3].
layout(constant_id = 10) const uint DIAG = 0u;
// Look-back slices: predecessors read per step of the walk, in subgroups' worth.
layout(constant_id = 11) const uint SLICES = 1u;
// range: which ticket; fallback_groups: the recorded fallback's grid; tiles_per_group: the most tickets one group draws (groups x
// tiles_per_group >= tiles; 1 for one tile per workgroup); walk_limit: iterations of one walk
// before it gives up (the host's SPIN_LIMIT / tiles_per_group); ranges: dispatches of this run.
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint range; uint fallback_groups; uint tiles_per_group; uint walk_limit; uint ranges; } p;
#include "compact_common.glsl"
// Rounds per tile (constant_id 7): 1..4, set by the host (default 3 with 256 invocations).
#define ROUNDS_SPEC
#include "stable_tile.glsl"
#include "lookback_walk.glsl"
layout(std430, binding = 2) writeonly buffer Count { uint count; };
shared uvec2 sg_sum[gl_WorkGroupSize.x]; // per subgroup: the packed counts of its rounds
// One tile per workgroup only: 1 keeps the tile in registers through the look-back, then each
// subgroup stages and writes one round at a time (stable_lookback_tile.glsl), so stage[] holds one
// round, not the tile: under a 48 KiB per multiprocessor cap on shared memory (NVIDIA's Vulkan
// driver), the registers alone then set how many groups run at once.
layout(constant_id = 21) const uint WARP_WRITE = 0u;
shared uint stage[(WARP_WRITE == 1u ? 1u : ROUNDS) * 4u * gl_WorkGroupSize.x]; // the tile's kept f(x) at their rank
#define STAGED stage
#include "staged_write.glsl" // STAGE_VEC4: 16-byte stores of the staged tile
#define LOOKBACK_TILE tile_size()
#define TAIL_SUMS sg_sum
#include "lookback_tail.glsl" // the fallback, run by the group that finishes last; field(), rank_in_group()
shared uint base_shared; // the tile's prefix, or GAVE_UP

// The first subgroup: the prefix of the tile (tile_count kept), its INCLUSIVE (or ABORTED), and
// the prefix in base_shared for the group (after a barrier).
void look_back_and_publish(uint tile, uint gtile, uint tile_count) {
    tiles_done++;
    uint prefix = gtile == 0u ? 0u : DIAG == 1u || DIAG == 2u ? tile * tile_size() : look_back(gtile);
    if (subgroupElect()) {
        if (prefix == GAVE_UP) {
            give_up(gtile);
        } else if (gtile != 0u) {
            status[gtile] = INCLUSIVE | (prefix + tile_count);
        }
        base_shared = prefix;
    }
}

// The persistent grids' tile steps (stable_lookback.glsl, stable_lookback_dealt.comp): load a
// tile's uvec4 of every round; count it (packed 16-bit counts per round); stage its kept f(x) at
// their in-tile rank `at` (masks recomputed: fewer registers live across the look-back).
void load_tile(uint tile, out uvec4 v[ROUNDS]) {
    for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(tile * tile_size() / 4u + r * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
}
uvec2 count_tile(uvec4 v[ROUNDS]) {
    uvec2 c = uvec2(0u);
    for (uint r = 0u; r < ROUNDS; ++r) c[r >> 1] += bitCount(pass_mask(v[r])) << (16u * (r & 1u));
    return c;
}
void stage_tile(uvec4 v[ROUNDS], uvec2 at) {
    for (uint r = 0u; r < ROUNDS; ++r) {
        uint k4 = field(at, r);
        uint m = pass_mask(v[r]);
        for (uint c4 = 0u; c4 < 4u; ++c4) {
            if ((m & (1u << c4)) != 0u) stage[k4++] = apply(v[r][c4]);
        }
    }
}

// WARP_WRITE: write_by_subgroups(), the tile held in registers written one round per subgroup.
#include "subgroup_write.glsl"
