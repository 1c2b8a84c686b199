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
// group one iteration earlier. A group that is late, or not running at all (Vulkan does not say
// how many groups fit the device at once), would hold up every group after it. So a count not
// published after CLAIM_AFTER re-reads, or at once where its owner has not even counted its first
// tile of the range, is CLAIMED (compare-and-swap on its word) and the waiting group loads and
// counts that tile itself. Counting is idempotent (owner and claimer write the same word), and a
// claimer waits on no one before it has published what it claimed; a claim still unpublished
// after a bound is counted again by the waiter (stolen). So no wait outlasts its bound, whatever
// the residency, and no tile gives up but where the tests force it (p.walk_limit 0). (With
// CLAIM_AFTER 0, the eighth session's kernel: a wait past p.walk_limit gives up and the fallback,
// lookback_tail.glsl or the recorded passes, writes the result: exact either way.)
// Each tile has two words: the count (read by the G - 1 tiles after it) and the inclusive prefix
// (read by the tail, and by the next range's first tiles); a tile whose own chain gave up has no
// prefix and publishes ABORTED there, and so does the group's every later tile; its counts still
// go out, so the other groups are not held up.
// Measured on the H200 (docs/reduce_compact.md, eighth to tenth sessions): 1-17% faster than the
// walking grid where every group runs (these claims cost about 3% there). A grid that does not
// fit takes 6-16 ms at 2^26 with these claims (45 ms without); with DISCOVER (the tiles dealt
// among the groups found running) 0.23 ms, like the walking grid, and discovery costs about
// 1.5 us at the start. Not the default yet (a knob; see the tenth session there).
#define COUNT_WORD(t) (2u * (t))
#define INCL_WORD(t) (2u * (t) + 1u)
#define WORDS_PER_TILE 2u
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_vote : require
#include "lookback_kernel.glsl"
// 1: load the next tile before counting this one (it is in flight through this tile's count,
// the last tile's wait and write).
layout(constant_id = 12) const uint PREFETCH = 1u;
// Re-reads of a count not yet published before the waiting group claims that tile and counts it
// itself (0: never; a wait then gives up after p.walk_limit and the fallback writes the result).
layout(constant_id = 13) const uint CLAIM_AFTER = 32u;
// A count word is CLAIMED while a waiting group counts that tile (its owner may still publish
// the same count: both stores write the same word).
const uint CLAIMED = INCLUSIVE;
// 1: OCCUPANCY DISCOVERY (check_in(), close_poll() below): the groups that check in before the poll closes
// deal the tiles among themselves, so every group a wait depends on is running (0: all the
// dispatched groups, as gl_WorkGroupID).
layout(constant_id = 20) const uint DISCOVER = 0u;
// Re-reads of the poll by the first group before it closes the poll, if not every dispatched group
// has checked in by then.
const uint DISCOVER_POLLS = 64u;
// Tiles one group may take at most where discovery deals them among few groups (the host's
// MAX_TILES_PER_GROUP: llvmpipe's loop limiter). Not the host's 128 on CPU devices: a group
// dealt without having checked in may not be running, and with claims off every wait on it
// would give up; the few groups found running on lavapipe wait little.
const uint MAX_TILES_PER_GROUP = 1024u;
// The poll word (ticket[range], which the dealt grid uses for nothing else): bits 0..14 the groups
// checked in, 15..29 the groups dealt (0 until the poll closes), 30 closed.
const uint ARRIVED = 0x7FFFu, POLL_CLOSED = 1u << 30;
shared uint dealt_shared, index_shared;
// The groups the tiles are dealt among, this group's place among them, and one tile's wait bound
// (the host's spin limit over the tiles of one group): set by run_group(), then by close_poll().
uint dealt, my_index, walk_limit;
// close_poll()'s wait for the poll to close, before it gives up (llvmpipe's loop limiter: with the
// walks' SPIN_LIMIT and the tiles' loops, below 65535 iterations per invocation).
const uint DISCOVER_WAIT = 4096u;
// window_sums: per subgroup, its part of the window (bits 0..29) and two flags.
const uint SUM_GAVE_UP = 1u << 31, SUM_RECHECK = 1u << 30;
shared uint window_sums[gl_WorkGroupSize.x];
shared uint claim_next; // the smallest tile this group claimed and has not counted yet
uint spins = 0u; // DIAG 3, 4: this invocation's re-reads of a count not yet published
uint claimed_tiles = 0u; // DIAG 3, 4: tiles this group counted for another (invocation 0)

// The whole group counts tile `tile` of this range (claimed: its owner had not published its
// count) and publishes its count word. Uniform control flow; ends after a barrier.
void count_claimed_tile(uint tile) {
    uint first = tile * tile_size() / 4u + gl_LocalInvocationID.x, c = 0u;
    for (uint r = 0u; r < ROUNDS; ++r) {
        uint i = first + r * gl_WorkGroupSize.x;
        c += bitCount(pass_mask(load4(i)));
    }
    c = subgroupAdd(c);
    if (subgroupElect()) window_sums[gl_SubgroupID] = c;
    barrier(); // window_sums complete
    if (gl_LocalInvocationID.x == 0u) {
        uint s = 0u;
        for (uint q = 0u; q < gl_NumSubgroups; ++q) s += window_sums[q];
        status[COUNT_WORD(p.tile_base + tile)] = AGGREGATE | s;
        memoryBarrierBuffer(); // the count before the barrier: this group re-reads it
        claimed_tiles++;
    }
    barrier(); // window_sums read; the count published
}

// The tile of this invocation's j-th word of tile gtile's window (gtile - d, d = 1 + its index +
// j x the group size).
uint window_tile(uint gtile, uint j) { return gtile - (1u + gl_LocalInvocationID.x + j * gl_WorkGroupSize.x); }

// How read_window treats a count not yet published: CLAIM (the first read) claims it after
// CLAIM_AFTER re-reads, at once where its owner has not counted its first tile of the range yet
// (most likely not running: the grid does not fit at once), and leaves it, like one another group
// claimed, for a later read; STEAL (after this group counted its claims) waits p.walk_limit / 2
// re-reads for the claimer, then counts the tile too (the same count: a slow claimer on a CPU
// device); LAST (after the steals, when every word is published) reads, and would give up after
// p.walk_limit. Without claims (CLAIM_AFTER 0) the first read waits, then gives up, as LAST.
const uint CLAIM = 0u, STEAL = 1u, LAST = 2u;

// This invocation's part of tile gtile's window: the counts of tiles gtile - d, d = 1 + its index,
// + the group size, ... (d < G, d <= gtile). Bit j of `claims`: its j-th word is for this group to
// count (claimed or stolen); `recheck`: a word was left for a later read. No group waits on a
// claim before it has counted its own claims, so the waits form no cycle.
uint read_window(uint gtile, uint mode, inout uint claims, inout bool recheck, inout bool gave) {
    uint G = dealt, mine = 0u, j = 0u;
    bool claim = mode == CLAIM && CLAIM_AFTER > 0u;
    // One tile's waits stay within p.walk_limit (llvmpipe's loop limiter): with claims, a quarter
    // before a claim, a quarter before a steal, half in the last read; without, all in the one read.
    uint claim_after = min(CLAIM_AFTER, walk_limit / 4u);
    uint limit = mode == STEAL ? walk_limit / 4u : mode == LAST ? walk_limit / 2u : walk_limit;
    for (uint d = 1u + gl_LocalInvocationID.x; !gave && d < G && d <= gtile; d += gl_WorkGroupSize.x, ++j) {
        uint u = gtile - d, cw = COUNT_WORD(u), w = status[cw];
        bool idle = claim && w == 0u && u >= p.tile_base && status[COUNT_WORD(p.tile_base + (u - p.tile_base) % G)] == 0u;
        for (uint it = 0u; (w & FLAGS) != AGGREGATE; ++it) {
            if (claim && j < 32u && ((w & FLAGS) == CLAIMED || idle || it >= claim_after)) {
                if (w == 0u) {
                    w = atomicCompSwap(status[cw], 0u, CLAIMED);
                    if (w == 0u) claims |= 1u << j;
                }
                if ((w & FLAGS) != AGGREGATE) {
                    recheck = true;
                    break;
                }
                continue; // published meanwhile
            }
            if (it >= limit) {
                if (mode == STEAL && j < 32u) {
                    claims |= 1u << j;
                    recheck = true;
                } else {
                    gave = true;
                }
                break;
            }
            if (it >= BACKOFF_AFTER) { // long waits (CPU devices): time without loop iterations
                R4(R4(R4(R4(w |= status[cw];))))
            }
            w = status[cw];
            spins++;
        }
        if ((w & FLAGS) == AGGREGATE) mine += w & VALUE;
    }
    return mine;
}

// Sums the group's parts of the window (each subgroup's sum and flags in window_sums). Uniform
// control flow: a barrier, then every invocation reads the same total.
uint sum_window(uint mine, bool recheck, bool gave) {
    uint sum = subgroupAdd(mine);
    uint flags = (subgroupAny(gave) ? SUM_GAVE_UP : 0u) | (subgroupAny(recheck) ? SUM_RECHECK : 0u);
    if (subgroupElect()) window_sums[gl_SubgroupID] = flags | sum;
    barrier(); // window_sums complete
    uint total = 0u;
    for (uint q = 0u; q < gl_NumSubgroups; ++q) total = (total | (window_sums[q] & ~VALUE)) + (window_sums[q] & VALUE);
    return total;
}

// The exclusive prefix of tile gtile, or GAVE_UP: `back`, the inclusive prefix of tile
// gtile - G (0 before the first tile; GAVE_UP if that tile gave up), plus the counts of the tiles
// between. The whole group, in uniform control flow; ends after a barrier.
uint window_prefix(uint gtile, uint back) {
    uint claims = 0u;
    bool recheck = false;
    // walk_limit 0 (the tests' forced fallback): every tile after the first gives up.
    bool gave = back == GAVE_UP || (walk_limit == 0u && gtile > 0u);
    uint total = sum_window(read_window(gtile, CLAIM, claims, recheck, gave), recheck, gave);
    for (uint mode = STEAL; mode <= LAST && (total & SUM_RECHECK) != 0u; ++mode) { // uniform
        // Count this group's claims (or steals), smallest first, one tile at a time.
        for (;;) {
            if (gl_LocalInvocationID.x == 0u) claim_next = NONE;
            barrier(); // claim_next reset; window_sums read
            if (claims != 0u) atomicMin(claim_next, window_tile(gtile, findLSB(claims)));
            barrier(); // claim_next complete
            uint m = claim_next;
            if (m == NONE) break; // uniform
            if (claims != 0u && window_tile(gtile, findLSB(claims)) == m) claims &= claims - 1u;
            count_claimed_tile(m - p.tile_base); // a claimed tile is of this range
        }
        if ((total & SUM_GAVE_UP) != 0u) break; // uniform
        // Read the window again: STEAL waits for the claimers, LAST finds every count published.
        recheck = false;
        total = sum_window(read_window(gtile, mode, claims, recheck, gave), recheck, gave);
    }
    return (total & SUM_GAVE_UP) != 0u || back == GAVE_UP ? GAVE_UP : back + (total & VALUE);
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

// Occupancy discovery (after Sorensen et al., "Portable inter-workgroup barrier synchronisation
// for GPUs", 2016): each group checks in on the range's poll word (check_in); the first to check
// in re-reads it until every dispatched group has checked in, or DISCOVER_POLLS times, then closes
// the poll (close_poll). The groups that checked in before it closed were running then, and they
// deal the tiles among themselves (at least ntiles / MAX_TILES_PER_GROUP of them: groups that
// check in later make up the rest, with the claims for them); a group that checks in later takes
// no tile. A group learns its place at once, and the number dealt when the poll has closed
// (it issues its first tile's loads between the two).
void check_in() {
    if (gl_LocalInvocationID.x == 0u) index_shared = atomicAdd(ticket[p.range], 1u) & ARRIVED;
    barrier(); // index_shared
    my_index = index_shared;
}

// Returns false for a group that checked in after the poll closed, or that gave up waiting for it
// to close (then the fallback writes the range from its first tile). The whole group, uniform
// control flow.
bool close_poll(uint ntiles) {
    if (gl_LocalInvocationID.x == 0u) {
        uint w = ticket[p.range];
        if (my_index == 0u) {
            for (uint it = 0u; (w & ARRIVED) < gl_NumWorkGroups.x && it < DISCOVER_POLLS; ++it) w = ticket[p.range];
            uint arrived = atomicOr(ticket[p.range], POLL_CLOSED) & ARRIVED;
            uint fewest = (ntiles + MAX_TILES_PER_GROUP - 1u) / MAX_TILES_PER_GROUP;
            w = clamp(max(arrived, fewest), 1u, gl_NumWorkGroups.x) << 15; // the groups dealt
            atomicOr(ticket[p.range], w);
        }
        for (uint it = 0u; (w >> 15 & ARRIVED) == 0u; ++it) {
            if (it >= DISCOVER_WAIT) {
                give_up(p.tile_base); // the range from its first tile to the fallback
                w = 0u;
                break;
            }
            if (it >= BACKOFF_AFTER) { // long waits (CPU devices): time without loop iterations
                R4(R4(R4(R4(w |= ticket[p.range];))))
            }
            w = ticket[p.range];
        }
        dealt_shared = w >> 15 & ARRIVED;
    }
    barrier(); // dealt_shared
    dealt = dealt_shared;
    if (dealt == 0u || my_index >= dealt) return false;
    // The host's spin limit (its walk_limit x tiles_per_group) over this group's tiles now.
    walk_limit = p.walk_limit * p.tiles_per_group / ((ntiles + dealt - 1u) / dealt);
    return true;
}

void run_group() {
    uint t = gl_LocalInvocationID.x;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    dealt = gl_NumWorkGroups.x;
    my_index = gl_WorkGroupID.x;
    walk_limit = p.walk_limit;
    if (DISCOVER == 1u) check_in();
    uint tile = my_index;
    if (tile >= ntiles) return; // uniform: the whole group leaves
    uvec4 v[ROUNDS], vn[ROUNDS];
    load_tile(tile, v); // in flight while the poll closes
    if (DISCOVER == 1u && !close_poll(ntiles)) return; // uniform
    uint G = dealt;
    // The inclusive prefix of the tile G before this group's first: none (0) in the first G
    // tiles of all, else a tile of an earlier range (final, behind the barrier between ranges).
    uint gfirst = p.tile_base + tile, back = 0u;
    if (gfirst >= G) {
        uint w = status[INCL_WORD(gfirst - G)];
        back = (w & FLAGS) == INCLUSIVE ? w & VALUE : GAVE_UP;
    }
    uint pending = NONE, pending_count = 0u; // the tile counted one iteration ago, not yet written
    for (;;) {
        uint gtile = p.tile_base + tile, next = tile + G;
        if (PREFETCH == 1u && next < ntiles) load_tile(next, vn);

        // 1. Count this tile (packed 16-bit counts per round) and publish its count at once
        // (DIAG 4, the tests' claims: only the range's last G tiles, which the next range reads).
        uvec2 c = count_tile(v);
        uvec2 at;
        uint tile_count = rank_in_group(c, at);
        if (t == 0u && (DIAG != 4u || tile + G >= ntiles)) status[COUNT_WORD(gtile)] = AGGREGATE | tile_count;

        // 2. Finish the LAST tile: its window's counts went out one iteration ago.
        if (pending != NONE) back = finish_tile(pending, p.tile_base + pending, pending_count, ntiles, back);

        // 3. Stage this tile's kept values at their in-tile rank (masks recomputed: fewer
        // registers live across the wait).
        stage_tile(v, at);
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
    if (DIAG >= 3u) {
        uint s = subgroupAdd(spins);
        if (subgroupElect()) atomicAdd(pad[1], s);
        if (t == 0u) {
            atomicAdd(pad[0], tiles_done);
            atomicAdd(pad[2], claimed_tiles);
            atomicAdd(pad[1], tiles_done); // one window read per tile, plus the re-reads
        }
    }
}

void main() {
    run_group();
    finish_group(gl_NumWorkGroups.x);
}
