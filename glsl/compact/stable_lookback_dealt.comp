#version 450
// Ours: stable compaction in one pass by a persistent grid of G resident groups that are DEALT
// their tiles (group g takes tiles g, g + G, g + 2G, ... of the range, like cards), so no ticket
// and no walk: a tile's prefix is the inclusive prefix of the tile G before it (the same group's
// last tile, kept in a register) plus the counts of the G - 1 tiles between, which the whole
// group reads at once, one word per invocation, in one memory round trip.
// Per iteration (as the walking persistent grid, stable_lookback.glsl):
//  1. count this tile and publish its count word (AGGREGATE | count) at once;
//  2. finish the LAST tile (counted one iteration ago): read the G - 1 count words before it,
//     spin on any not yet published, sum them in the group (subgroupAdd, one shared slot per
//     subgroup, barrier); publish its inclusive word; write its staged values out, coalesced;
//  3. stage this tile's kept values in shared memory; the next tile was prefetched (PREFETCH).
// The counts a group waits for in step 2 are those of the previous round, published by every
// group one iteration earlier, so with all G groups resident no group waits on one that cannot
// run: deadlock-free where the grid fits the device at once (the host sizes it from the number
// of multiprocessors). Where it does not, the waits give up (bounded as the walks are) and the
// fallback (lookback_tail.glsl or the recorded passes) writes the result: exact either way.
// Each tile has two words: the count (read by the G - 1 tiles after it) and the inclusive prefix
// (read by the tail, and by the next range's first tiles); a tile whose own chain gave up has no
// prefix and publishes ABORTED there, and so does the group's every later tile; its counts still
// go out, so the other groups are not held up.
// Measured on the H200 (docs/reduce_compact.md, eighth session): 4-17% faster than the walking
// grid, but not the default: Vulkan does not tell how many groups run at once, and one grid that
// should have fit ran 2 groups per multiprocessor, not 3, gave up and fell back (exact, 45 ms).
#define COUNT_WORD(t) (2u * (t))
#define INCL_WORD(t) (2u * (t) + 1u)
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_vote : require
#include "lookback_kernel.glsl"
// 1: load the next tile before counting this one (it is in flight through this tile's count,
// the last tile's wait and write).
layout(constant_id = 12) const uint PREFETCH = 1u;
shared uint window_sums[gl_WorkGroupSize.x]; // per subgroup: its part of the window, or GAVE_UP
uint spins = 0u; // DIAG 3: this invocation's re-reads of a count not yet published


// The exclusive prefix of tile gtile, or GAVE_UP: `back`, the inclusive prefix of tile
// gtile - G (0 before the first tile; GAVE_UP if that tile gave up), plus the counts of the tiles
// between. The whole group, in uniform control flow; ends after a barrier.
uint window_prefix(uint gtile, uint back) {
    uint G = gl_NumWorkGroups.x, mine = 0u;
    // walk_limit 0 (the tests' forced fallback): every tile after the first gives up.
    bool gave = back == GAVE_UP || (p.walk_limit == 0u && gtile > 0u);
    for (uint d = 1u + gl_LocalInvocationID.x; !gave && d < G && d <= gtile; d += gl_WorkGroupSize.x) {
        uint cw = COUNT_WORD(gtile - d), w = status[cw];
        for (uint it = 0u; (w & FLAGS) == 0u; ++it) {
            if (it >= p.walk_limit) {
                gave = true;
                break;
            }
            if (it >= BACKOFF_AFTER) { // long waits (CPU devices): time without loop iterations
                R4(R4(R4(R4(w |= status[cw];))))
            }
            w = status[cw];
            spins++;
        }
        mine += w & VALUE;
    }
    uint sum = subgroupAdd(mine);
    bool sg_gave = subgroupAny(gave);
    if (subgroupElect()) window_sums[gl_SubgroupID] = sg_gave ? GAVE_UP : sum;
    barrier(); // window_sums complete
    uint prefix = back;
    for (uint q = 0u; q < gl_NumSubgroups; ++q) {
        uint s = window_sums[q];
        prefix = prefix == GAVE_UP || s == GAVE_UP ? GAVE_UP : prefix + s;
    }
    return prefix;
}

// Finishes the staged tile (local index tile, global gtile, tile_count kept): its prefix, its
// inclusive word, its write. Returns its inclusive prefix (GAVE_UP if it gave up). Ends with
// every invocation past the write (stage[] is free again).
uint finish_tile(uint tile, uint gtile, uint tile_count, uint ntiles, uint back) {
    tiles_done++;
    uint base = DIAG == 1u || DIAG == 2u ? tile * tile_size() : window_prefix(gtile, back);
    if (base != GAVE_UP) {
        write_staged(0u, base, tile_count, gl_LocalInvocationID.x, gl_WorkGroupSize.x);
        if (gl_LocalInvocationID.x == 0u) {
            status[INCL_WORD(gtile)] = INCLUSIVE | (base + tile_count);
            if (tile + 1u == ntiles) count = base + tile_count; // the range's last tile
        }
    } else if (gl_LocalInvocationID.x == 0u) {
        give_up(gtile);
    }
    barrier(); // stage[] has been written out; window_sums may change
    return base == GAVE_UP ? GAVE_UP : base + tile_count;
}

void run_group() {
    uint t = gl_LocalInvocationID.x, G = gl_NumWorkGroups.x;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    uint tile = gl_WorkGroupID.x;
    if (tile >= ntiles) return; // uniform: the whole group leaves
    // The inclusive prefix of the tile G before this group's first: none (0) in the first G
    // tiles of all, else a tile of an earlier range (final, behind the barrier between ranges).
    uint gfirst = p.tile_base + tile, back = 0u;
    if (gfirst >= G) {
        uint w = status[INCL_WORD(gfirst - G)];
        back = (w & FLAGS) == INCLUSIVE ? w & VALUE : GAVE_UP;
    }
    uvec4 v[ROUNDS], vn[ROUNDS];
    load_tile(tile, v);
    uint pending = NONE, pending_count = 0u; // the tile counted one iteration ago, not yet written
    for (;;) {
        uint gtile = p.tile_base + tile, next = tile + G;
        if (PREFETCH == 1u && next < ntiles) load_tile(next, vn);
        uint first = tile * tile_size() / 4u + t; // this invocation's uvec4 of round 0

        // 1. Count this tile (packed 16-bit counts per round) and publish its count at once.
        uvec2 c = count_tile(v, first);
        uvec2 at;
        uint tile_count = rank_in_group(c, at);
        if (t == 0u) status[COUNT_WORD(gtile)] = AGGREGATE | tile_count;

        // 2. Finish the LAST tile: its window's counts went out one iteration ago.
        if (pending != NONE) back = finish_tile(pending, p.tile_base + pending, pending_count, ntiles, back);

        // 3. Stage this tile's kept values at their in-tile rank (masks recomputed: fewer
        // registers live across the wait).
        stage_tile(v, first, at);
        barrier(); // stage[] complete, sg_sum read
        if (PREFETCH == 1u) {
            for (uint r = 0u; r < ROUNDS; ++r) v[r] = vn[r];
        } else if (next < ntiles) {
            load_tile(next, v);
        }
        pending = tile;
        pending_count = tile_count;
        if (next >= ntiles) break; // uniform
        tile = next;
    }
    finish_tile(pending, p.tile_base + pending, pending_count, ntiles, back);
    if (DIAG == 3u) {
        uint s = subgroupAdd(spins);
        if (subgroupElect()) atomicAdd(pad[1], s);
        if (t == 0u) {
            atomicAdd(pad[0], tiles_done);
            atomicAdd(pad[1], tiles_done); // one window read per tile, plus the re-reads
        }
    }
}

void main() {
    run_group();
    finish_group(gl_NumWorkGroups.x);
}
