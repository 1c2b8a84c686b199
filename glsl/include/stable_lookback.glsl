// Ours: stable compaction in ONE pass over the input, a chained scan with decoupled look-back
// (Merrill & Garland 2016), by a persistent grid.
// A tile is 3072 elements by default (256 invocations x 3 rounds x uvec4, 16-byte loads as
// stable_scatter.comp; the host's --lookback-rounds knob sets 1..4), and by default (PREFETCH)
// the next tile's loads are issued before this one is counted.
// Each group loops over its tiles:
//  1. tiles come from an atomic ticket (not gl_WorkGroupID: every tile this one waits for was
//     drawn by a group that is already running, so waiting cannot deadlock); the next ticket is
//     drawn one tile ahead, so its latency is hidden;
//  2. count this tile (in-tile ranks: packed 16-bit counts, subgroupExclusiveAdd + one shared
//     slot per subgroup) and publish its count as AGGREGATE as soon as its data is here;
//  3. only then look back for the LAST tile (counted one iteration ago: its predecessors have had
//     that long to publish): the first subgroup reads SLICES x gl_SubgroupSize predecessors'
//     status words at a time; AGGREGATEs are summed and the walk steps back; the nearest INCLUSIVE
//     ends it; it publishes INCLUSIVE = prefix + count; then the last tile's staged values are
//     written out, coalesced, at prefix + i;
//  4. stage this tile's kept f(x) in shared memory at their in-tile rank, and load the next tile
//     (PREFETCH = 0), or take the next tile from the registers it was loaded into before step 2
//     (PREFETCH = 1, the default: with tiles of 3072 and 3 groups per multiprocessor, 3-5% faster
//     on the H200 than 4096 without it).
// Measured on the H200 (docs/reduce_compact.md): looking back right after counting made tiles wait
// for predecessors that had not published yet; one tile later a walk takes about 1.5 reads.
// Deadlock-free: a group holds at most two tickets (the last tile and this one); the smallest tile
// not yet INCLUSIVE is always one whose group can finish it without waiting on a larger tile.
// A status word is flag << 30 | value (value < 2^30: n < 2^30), written and read whole, so flag
// and value travel together; nothing else is published through it (the output is read by no
// other group), so no ordering beyond the word itself is needed.
//
// Stalls are detected, never silent: a walk (spins and steps together) is bounded by walk_limit
// iterations and a group draws at most tiles_per_group tickets, so one group's walks make at most
// the host's SPIN_LIMIT iterations and every invocation stays below llvmpipe's loop limiter (65535
// loop iterations in total per invocation, after which loops are silently left). (A CPU device
// runs only a few groups at once: without the ticket bound, the first groups would draw every
// tile.) After BACKOFF_AFTER iterations of one walk each spin also makes 256 unrolled reads, so
// the bound lasts long enough on a CPU device. A tile that gives up publishes ABORTED (its
// successors give up as soon as they see it) and records itself as the first that gave up if it
// is the smallest; the group that finishes last then compacts everything from the first tile
// that gave up (lookback_tail.glsl), so the result is exact either way.
// walk_limit = 0 makes every tile after the first give up at once (the tests' way to exercise
// the fallback).
#include "lookback_kernel.glsl"
// 1: load the next tile before counting this one (its ticket drawn two tiles ahead), so a tile's
// loads are in flight through the previous tile's count, look-back and write (more registers).
layout(constant_id = 12) const uint PREFETCH = 0u;
shared uint ticket_shared[2]; // tickets k alternate: k's slot was last read two tiles ago

// This group's k-th tile (no more than tiles_per_group: then a number past the last tile).
uint draw(uint k) {
    if (k >= p.tiles_per_group) return 0xFFFFFFFFu;
    return DIAG == 2u ? gl_WorkGroupID.x + k * gl_NumWorkGroups.x : atomicAdd(ticket[p.range], 1u);
}


// The look-back of the tile staged in stage[] (its global index gtile, tile_count kept values),
// then its coalesced write. Ends with every invocation past the write (stage[] is free again).
void finish_tile(uint tile, uint gtile, uint tile_count, uint ntiles) {
    if (gl_SubgroupID == 0u) look_back_and_publish(tile, gtile, tile_count);
    barrier(); // base_shared is known
    uint base = base_shared;
    if (base != GAVE_UP) { // else the fallback writes this tile and every one after it
        write_staged(0u, base, tile_count, gl_LocalInvocationID.x, gl_WorkGroupSize.x);
        if (gl_LocalInvocationID.x == 0u && tile + 1u == ntiles) count = base + tile_count; // the range's last tile
    }
    barrier(); // stage[] has been written out; base_shared may change
}


// WARP_WRITE (PREFETCH 0): the tile counted one iteration ago waits in registers (vp), not in
// stage[], while this tile is counted and its AGGREGATE published; then the first subgroup looks
// back for it and the group writes it out one round at a time (write_by_rounds). Two tiles in
// registers and one round of shared memory, so the registers set the occupancy.

// The held tile (v, its in-tile ranks `at`, the group's packed count per round `total`) written
// out at base + rank one round at a time by the whole group, with barriers only. This kernel
// first used write_by_subgroups, whose subgroupMin/Max of the lanes' ranks then needed the
// subgroup's lanes together, which SPIR-V does not promise, and in this loop on an NVIDIA H200
// (driver 580.159.04) they were not: each subgroup's first and last kept values of a round were
// left unwritten, in most tiles (docs/reduce_compact.md, "2026-12-02"). write_by_subgroups now
// takes them from the rank's RANK_SUMS, but here those hold the next tile's by the time this one
// is written. The whole group, in uniform control flow.
void write_by_rounds(uvec4 v[ROUNDS], uvec2 at, uvec2 total, uint base) {
    uint start = 0u; // the kept values of the rounds before r
    [[unroll]] for (uint r = 0u; r < 4u; ++r) {
        if (r >= ROUNDS) break;
        uint m = pass_mask(v[r]);
        uint k4 = field(at, r) - start;
        for (uint c4 = 0u; c4 < 4u; ++c4) {
            if ((m & (1u << c4)) != 0u) stage[k4++] = apply(v[r][c4]);
        }
        barrier(); // the round is staged
        uint kept = field(total, r);
        for (uint i = gl_LocalInvocationID.x; i < kept; i += gl_WorkGroupSize.x) store_out(base + start + i, stage[i]);
        barrier(); // read out before the next round is staged
        start += kept;
    }
}
// This group's first tile (drawn by invocation 0, known to all after a barrier).
uint first_ticket() {
    if (gl_LocalInvocationID.x == 0u) ticket_shared[0] = draw(0u);
    barrier(); // ticket_shared[0] is known
    return ticket_shared[0];
}

// The look-back of the held tile (vp: its registers, tile_count kept, at: its in-tile ranks,
// total: its count per round), then its write by rounds. base_shared next changes after the next
// barrier (rank_in_group's, or the one before the group's last tile).
void finish_held(uvec4 vp[ROUNDS], uint tile, uint tile_count, uvec2 at, uvec2 total, uint ntiles) {
    if (gl_SubgroupID == 0u) look_back_and_publish(tile, p.tile_base + tile, tile_count);
    barrier(); // base_shared is known
    uint base = base_shared;
    if (base != GAVE_UP) { // else the fallback writes this tile and every one after it
        write_by_rounds(vp, at, total, base);
        if (gl_LocalInvocationID.x == 0u && tile + 1u == ntiles) count = base + tile_count; // the range's last tile
    }
}

void run_group_held() {
    uint t = gl_LocalInvocationID.x;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    uint tile = first_ticket();
    if (tile >= ntiles) return; // uniform: the whole group leaves
    uvec4 v[ROUNDS], vp[ROUNDS];
    load_tile(tile, v);
    uint pending = NONE, pending_count = 0u; // the tile counted one iteration ago, not yet written
    uvec2 pending_at = uvec2(0u), pending_total = uvec2(0u);
    for (uint k = 1u;; ++k) {
        uint gtile = p.tile_base + tile;
        // Slot k & 1 was last read two tiles ago (two barriers since); read after the barrier in
        // rank_in_group below.
        if (t == 0u) ticket_shared[k & 1u] = draw(k);
        uvec2 at, total;
        uint tile_count = rank_in_group_totals(count_tile(v), at, total);
        if (t == 0u) status[gtile] = (gtile == 0u ? INCLUSIVE : AGGREGATE) | tile_count;
        if (pending != NONE) {
            finish_held(vp, pending, pending_count, pending_at, pending_total, ntiles);
        } else {
            // The first tile: nothing to finish, but the barrier in finish_held is also what keeps
            // a subgroup from writing the next tile's RANK_SUMS while another still reads these.
            barrier();
        }
        uint next = ticket_shared[k & 1u];
        for (uint r = 0u; r < ROUNDS; ++r) vp[r] = v[r];
        pending = tile;
        pending_count = tile_count;
        pending_at = at;
        pending_total = total;
        if (next >= ntiles) break; // uniform
        load_tile(next, v);
        tile = next;
    }
    // Every invocation has read base_shared for the tile finished above before the first
    // subgroup's last look-back sets it again (in the loop, rank_in_group's barrier does this; a
    // tile that gave up writes nothing, so no barrier of write_by_rounds comes between).
    barrier();
    finish_held(vp, pending, pending_count, pending_at, pending_total, ntiles);
    if (DIAG == 3u && gl_SubgroupID == 0u && subgroupElect()) add_diag_counters(); // the walking subgroup's
}

void run_group() {
    if (WARP_WRITE == 1u) {
        run_group_held();
        return;
    }
    uint t = gl_LocalInvocationID.x;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    uint tile = first_ticket();
    if (tile >= ntiles) return; // uniform: the whole group leaves
    uvec4 v[ROUNDS], vn[ROUNDS];
    load_tile(tile, v);
    uint pending = NONE, pending_count = 0u; // the tile counted one iteration ago, not yet written
    uint nxt = 0u; // PREFETCH: the next tile's ticket
    if (PREFETCH == 1u) {
        if (t == 0u) ticket_shared[1] = draw(1u);
        barrier(); // ticket_shared[1] is known
        nxt = ticket_shared[1];
    }
    for (uint k = 1u;; ++k) {
        uint gtile = p.tile_base + tile;
        if (PREFETCH == 1u) {
            // draw k + 1 goes to slot (k + 1) & 1, last read (draw k - 1) before two barriers
            if (t == 0u) ticket_shared[(k + 1u) & 1u] = draw(k + 1u);
            if (nxt < ntiles) load_tile(nxt, vn);
        } else if (t == 0u) {
            ticket_shared[k & 1u] = draw(k); // slot k & 1 was last read two tiles ago
        }

        // 2. Count this tile (packed 16-bit counts per round) and publish its AGGREGATE at once.
        uvec2 c = count_tile(v);
        // Round r's kept values start at (the rounds before r) + (this invocation's rank in r):
        // fields < 2^16 in one pair, so only two registers live across the look-back.
        uvec2 at;
        uint tile_count = rank_in_group(c, at);
        if (t == 0u) status[gtile] = (gtile == 0u ? INCLUSIVE : AGGREGATE) | tile_count;

        // 3. Look back for the LAST tile, whose AGGREGATE went out one tile ago (its
        // predecessors have had that long to publish theirs), and write it out.
        if (pending != NONE) finish_tile(pending, p.tile_base + pending, pending_count, ntiles);

        // 4. Stage this tile's kept values at their in-tile rank (masks recomputed: fewer
        // registers live across the look-back).
        stage_tile(v, at);
        barrier(); // stage[] complete, sg_sum read, the next ticket drawn
        uint next;
        if (PREFETCH == 1u) {
            next = nxt;
            nxt = ticket_shared[(k + 1u) & 1u];
            for (uint r = 0u; r < ROUNDS; ++r) v[r] = vn[r];
        } else {
            next = ticket_shared[k & 1u];
            if (next < ntiles) load_tile(next, v);
        }
        pending = tile;
        pending_count = tile_count;
        if (next >= ntiles) break; // uniform
        tile = next;
    }
    finish_tile(pending, p.tile_base + pending, pending_count, ntiles);
    if (DIAG == 3u && gl_SubgroupID == 0u && subgroupElect()) add_diag_counters(); // the walking subgroup's
}

void main() {
    run_group();
    finish_group(gl_NumWorkGroups.x);
}
