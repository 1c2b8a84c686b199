#version 450
// Ours: stable compaction in ONE pass, a chained scan with decoupled look-back (Merrill & Garland
// 2016), by SUBGROUP AGENTS: every subgroup of a persistent grid works alone, with no workgroup
// barrier anywhere (stable_lookback.comp's groups of 256 wait at four barriers per tile while one
// subgroup looks back). A tile is ROUNDS uvec4 per lane (ROUNDS x 4 x subgroup size elements);
// an agent draws one tile per ticket and keeps its last LAG counted tiles staged in its own LAG
// slots of shared memory. Each step of an agent:
//  1. issue the loads of the current tile;
//  2. while they are in flight, finish the oldest staged tile (counted LAG steps ago, so its
//     predecessors have long published): look back (lookback_walk.glsl), publish INCLUSIVE,
//     write the tile out from its slot, coalesced (staged_write.glsl);
//  3. count the current tile (packed per-round counts, subgroupExclusiveAdd), publish its
//     AGGREGATE at once, stage its kept f(x) at their in-tile rank in the slot just freed.
// Deadlock-free as the persistent grid: a walk waits only for tiles that have not published their
// AGGREGATE, and the smallest such tile belongs to an agent whose own walk (for a smaller tile)
// sees every predecessor published. Stalls give up after walk_limit iterations into the exact
// fallback (ABORTED, lookback_tail.glsl), as the persistent grid; so does an agent whose subgroup
// is not the size the host sized the tiles for (SUBGROUP).
// Measured on the H200 (docs/reduce_compact.md): exact, but 1.65x the persistent grid's time. With
// 4000+ agents in flight a walk steps back past ~64 tiles in 3-4 reads. (Several consecutive
// tiles per ticket, tried and removed, chain every walk to the previous ticket's last count.)
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
// Diagnosis only: 1 skips the look-back (wrong results: a tile writes at its own start), 2 also
// the ticket (agent a takes tiles a, a + agents, ...); 3 counts look-backs, their reads and
// steps back in pad[0..3] (exact).
layout(constant_id = 10) const uint DIAG = 0u;
layout(constant_id = 11) const uint SLICES = 1u;
// Staged tiles per agent (1..4).
layout(constant_id = 13) const uint LAG = 2u;
// The subgroup size the host sized the tiles (and the status words) for.
layout(constant_id = 15) const uint SUBGROUP = 32u;
// range: which ticket; fallback_groups: the recorded fallback's grid; tiles_per_group: the most tickets
// one AGENT draws; walk_limit: iterations of one walk before it gives up.
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint range; uint fallback_groups; uint tiles_per_group; uint walk_limit; uint ranges; } p;
#include "compact_common.glsl"
// Rounds per tile (constant_id 7): 1..4 (the counts of a round are 16-bit fields of a uvec2).
#define ROUNDS_SPEC
#include "stable_tile.glsl"
#include "lookback_walk.glsl"
layout(std430, binding = 2) writeonly buffer Count { uint count; };

const uint TILE = ROUNDS * 4u * SUBGROUP;
// Each agent's LAG slots of one tile each.
shared uint slots[LAG * ROUNDS * 4u * gl_WorkGroupSize.x];
#define STAGED slots
#include "staged_write.glsl" // STAGE_VEC4: 16-byte stores of the staged tile
shared uvec2 tail_sums[gl_WorkGroupSize.x]; // the fallback's per-subgroup counts
#define LOOKBACK_TILE TILE
#define TAIL_SUMS tail_sums
#include "lookback_tail.glsl" // the fallback, run by the group that finishes last; field()

// This agent's k-th ticket, in lane 0's register (read it later: the atomic's latency hides).
uint draw(uint k) {
    if (k >= p.tiles_per_group) return 0xFFFFFFFFu;
    if (DIAG == 2u) return gl_WorkGroupID.x * gl_NumSubgroups + gl_SubgroupID + k * gl_NumWorkGroups.x * gl_NumSubgroups;
    uint t = 0u;
    if (gl_SubgroupInvocationID == 0u) t = atomicAdd(ticket[p.range], 1u);
    return t;
}

// The staged tiles: lane s holds slot s's tile and count (LAG <= subgroup size).
uint pend_tile = 0u, pend_count = 0u;

// Step 2: the prefix of the tile in `slot`, its INCLUSIVE, its write-out.
void finish(uint slot, uint ntiles) {
    uint tile = subgroupShuffle(pend_tile, slot), c = subgroupShuffle(pend_count, slot);
    uint gtile = p.tile_base + tile;
    uint prefix;
    if (gtile == 0u) {
        prefix = 0u; // published INCLUSIVE when counted
    } else if (DIAG == 1u || DIAG == 2u) {
        prefix = tile * TILE;
    } else {
        tiles_done++;
        prefix = look_back(gtile);
    }
    if (subgroupElect()) {
        if (prefix == GAVE_UP) {
            give_up(gtile);
        } else if (gtile != 0u && DIAG != 1u && DIAG != 2u) {
            status[gtile] = INCLUSIVE | (prefix + c);
        }
    }
    if (prefix == GAVE_UP) return; // the fallback writes this tile and every one after it
    uint at = (gl_SubgroupID * LAG + slot) * TILE;
    write_staged(at, prefix, c, gl_SubgroupInvocationID, SUBGROUP);
    if (gl_SubgroupInvocationID == 0u && tile + 1u == ntiles) count = prefix + c; // the range's last tile
}

void run_agent() {
    if (gl_SubgroupSize != SUBGROUP) { // tiles sized for another subgroup: the fallback does it all
        if (subgroupElect()) give_up(p.tile_base);
        return;
    }
    uint lane = gl_SubgroupInvocationID;
    uint ntiles = (p.n + TILE - 1u) / TILE;
    uint tile = subgroupBroadcastFirst(draw(0u));
    if (tile >= ntiles) return;
    for (uint k = 0u;; ++k) {
        uint next_raw = draw(k + 1u); // the next ticket, read at the end of this step
        // 1. This tile's loads.
        uint first = tile * (TILE / 4u) + lane; // this lane's uvec4 of round 0
        uvec4 v[ROUNDS];
        for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(first + r * SUBGROUP);

        // 2. Finish the oldest staged tile while they are in flight; its slot is this tile's.
        uint slot = k % LAG;
        subgroupMemoryBarrierShared();
        subgroupBarrier(); // the stagings of earlier steps are visible to every lane
        if (k >= LAG) finish(slot, ntiles);

        // 3. Count, publish the AGGREGATE, stage.
        uint m[ROUNDS];
        uvec2 c = uvec2(0u);
        for (uint r = 0u; r < ROUNDS; ++r) {
            m[r] = pass_mask(v[r]);
            c[r >> 1] += bitCount(m[r]) << (16u * (r & 1u));
        }
        uvec2 at = subgroupExclusiveAdd(c);
        uvec2 total = subgroupAdd(c);
        uint tile_count = 0u;
        for (uint r = 0u; r < ROUNDS; ++r) {
            at[r >> 1] += tile_count << (16u * (r & 1u));
            tile_count += field(total, r);
        }
        uint gtile = p.tile_base + tile;
        if (subgroupElect()) status[gtile] = (gtile == 0u ? INCLUSIVE : AGGREGATE) | tile_count;
        subgroupBarrier(); // the slot's write-out (other lanes' reads of it) is done
        uint base = (gl_SubgroupID * LAG + slot) * TILE;
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint a = base + field(at, r);
            for (uint c4 = 0u; c4 < 4u; ++c4) {
                if ((m[r] & (1u << c4)) != 0u) slots[a++] = apply(v[r][c4]);
            }
        }
        if (lane == slot) {
            pend_tile = tile;
            pend_count = tile_count;
        }
        tile = subgroupBroadcastFirst(next_raw);
        if (tile >= ntiles) {
            // Drain: finish the staged tiles (steps k - LAG + 1 .. k), oldest first.
            subgroupMemoryBarrierShared();
            subgroupBarrier(); // the last staging is visible to every lane
            for (uint j = k + 1u - min(k + 1u, LAG); j <= k; ++j) finish(j % LAG, ntiles);
            break;
        }
    }
    if (DIAG == 3u && subgroupElect()) add_diag_counters();
}

void main() {
    run_agent();
    finish_group(gl_NumWorkGroups.x); // every agent of the group has returned
}
