// Ours: stable compaction in ONE pass, a chained scan with decoupled look-back (Merrill & Garland
// 2016), ONE tile per workgroup (the CUB layout), against stable_lookback.comp's persistent grid.
// A tile is ROUNDS x local size uvec4 (16-byte loads, as stable_tile.glsl). Short-lived groups
// with few registers keep many tiles' loads in flight per multiprocessor; a group waiting in its
// look-back holds no loads back, because every other group on the multiprocessor keeps loading.
//  1. the tile comes from an atomic ticket (not gl_WorkGroupID: every tile a group waits for was
//     drawn by a group that is already running, so waiting cannot deadlock);
//  2. load, count (packed 16-bit counts per round, subgroupExclusiveAdd, one shared slot per
//     subgroup) and publish the tile's AGGREGATE at once;
//  3. the first subgroup looks back (lookback_walk.glsl) while the others stage the tile's kept
//     f(x) in shared memory at their in-tile rank; then the tile is written out, coalesced, at
//     prefix + rank. WARP_WRITE = 1 instead keeps the tile in registers through the look-back,
//     then each subgroup stages one round at a time in its own part of a one-round stage[] and
//     writes it out (3x less shared memory at 3 rounds: more groups fit a multiprocessor).
// Stalls give up after walk_limit iterations into the same exact fallback as the persistent grid
// (ABORTED, lookback_tail.glsl).
#include "lookback_kernel.glsl"
shared uint ticket_shared;

void run_group() {
    uint t = gl_LocalInvocationID.x;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    // 1. The ticket.
    if (t == 0u) ticket_shared = DIAG == 2u ? gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y : atomicAdd(ticket[p.range], 1u);
    barrier(); // ticket_shared is known
    uint tile = ticket_shared;
    if (tile >= ntiles) return; // uniform: the grid may have more groups than tiles
    uint gtile = p.tile_base + tile;
    uint first = tile * tile_size() / 4u + t; // this invocation's uvec4 of round 0
    uvec4 v[ROUNDS];
    for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(first + r * gl_WorkGroupSize.x);

    // 2. Count, rank inside the tile, publish the AGGREGATE.
    uint m[ROUNDS];
    uvec2 c = uvec2(0u);
    for (uint r = 0u; r < ROUNDS; ++r) {
        m[r] = pass_mask(v[r]);
        c[r >> 1] += bitCount(m[r]) << (16u * (r & 1u));
    }
    uvec2 at, total, start; // start: WARP_WRITE's
    uint tile_count = rank_in_group_starts(c, at, total, start);
    if (t == 0u) status[gtile] = (gtile == 0u ? INCLUSIVE : AGGREGATE) | tile_count;

    if (WARP_WRITE == 1u) {
        // 3. The first subgroup looks back; the tile waits in registers.
        if (gl_SubgroupID == 0u) look_back_and_publish(tile, gtile, tile_count);
        barrier(); // base_shared known
        uint base = base_shared;
        if (base != GAVE_UP) { // uniform; else the fallback writes this tile and every one after it
            // 4. Each subgroup writes its part, one round at a time (lookback_kernel.glsl).
            write_by_subgroups(v, at, start, base);
            if (t == 0u && tile + 1u == ntiles) count = base + tile_count; // the range's last tile
        }
    } else {
        // 3. The first subgroup looks back; every invocation stages its kept values.
        if (gl_SubgroupID == 0u) look_back_and_publish(tile, gtile, tile_count);
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint k4 = field(at, r);
            for (uint c4 = 0u; c4 < 4u; ++c4) {
                if ((m[r] & (1u << c4)) != 0u) stage[k4++] = apply(v[r][c4]);
            }
        }
        barrier(); // stage[] complete, base_shared known
        uint base = base_shared;
        if (base != GAVE_UP) { // else the fallback writes this tile and every one after it
            write_staged(0u, base, tile_count, t, gl_WorkGroupSize.x);
            if (t == 0u && tile + 1u == ntiles) count = base + tile_count; // the range's last tile
        }
    }
    if (DIAG == 3u && gl_SubgroupID == 0u && subgroupElect()) add_diag_counters(); // the walking subgroup's
}

void main() {
    run_group();
    finish_group(gl_NumWorkGroups.x * gl_NumWorkGroups.y);
}
