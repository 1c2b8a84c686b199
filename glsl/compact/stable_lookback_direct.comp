#version 450
// Ours: stable compaction in ONE pass, the chained scan of stable_lookback.comp (same tickets,
// status words, look-back walk and fallback: glsl/include/lookback_status.glsl), software-
// pipelined over two tiles held in registers, with nothing staged: every kept element goes from
// its register straight to its place in the output.
// A tile is ROUNDS x local size elements (4096); element (round r, invocation t) is
// tile_start + r * L + t: one coalesced 4-byte load per round, as in subgroup_ballot.comp.
// Iteration k holds tile T(k) in v[] (its loads issued at the end of the last iteration) and
// T(k-1) in vp[] (counted last iteration, its AGGREGATE out):
//  a. the first subgroup looks back for T(k-1) (its predecessors have had an iteration to
//     publish) and publishes its INCLUSIVE; the other subgroups go straight on;
//  b. count T(k): per round one subgroupBallot, its bit count to shared memory, one word per
//     (round, subgroup) in element order;
//  c. barrier (the only one per tile); the first subgroup turns T(k)'s words into exclusive
//     offsets (a few per lane, one subgroupExclusiveAdd) and publishes T(k)'s AGGREGATE;
//  d. everyone stores T(k-1)'s kept elements at prefix + (round, subgroup) offset + the kept lanes
//     below (the ballot again, subgroupBallotExclusiveBitCount): a subgroup's stores of one
//     round land side by side, so they coalesce without a staging copy;
//  e. issue the loads of T(k+1), whose ticket was drawn at the start of this iteration.
// Shared slots: offsets of tile k in slot k % 3 (written before barrier k, read after barrier
// k + 1, rewritten before barrier k + 3), prefix and ticket in slot k % 2 (written before a
// barrier, read after it, rewritten two barriers later): one barrier per tile suffices.
// Deadlock-free as stable_lookback.comp: a group waits only in (a), for tiles drawn before T(k-1);
// the smallest tile not yet INCLUSIVE always belongs to a group that can finish its walk.
// Loop limiter (see stable_lookback.comp): per tile at most 4 x ROUNDS + 2 x ceil(ROUNDS x
// subgroups / subgroup size) loop iterations besides the walk; the host bounds the tickets per
// group accordingly (MAX_DIRECT_TILES_PER_GROUP).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
layout(constant_id = 7) const uint ROUNDS = 16u; // 16 with 256 invocations, 8 with 512
#include "lookback_status.glsl"
#include "compact_common.glsl"
layout(std430, binding = 0) readonly buffer In { uint x[]; };

const uint TILE = ROUNDS * gl_WorkGroupSize.x;
// Offsets of (round, subgroup), for subgroups of 4 invocations or more.
shared uint offsets[3][ROUNDS * gl_WorkGroupSize.x / 4u];
shared uint base_shared[2];
shared uint ticket_shared[2];

void load_tile(uint tile, out uint v[ROUNDS]) {
    for (uint r = 0u; r < ROUNDS; ++r) {
        uint i = tile * TILE + r * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
        v[r] = i < p.n ? x[i] : 0u;
    }
}

// (a) The prefix of `tile` (counted last iteration: tile_count kept), INCLUSIVE published, into
// base_shared[slot]. The first subgroup only.
void finish_look_back(uint tile, uint tile_count, uint ntiles, uint slot) {
    uint gtile = p.tile_base + tile;
    tiles_done++;
    uint prefix = gtile == 0u ? 0u : DIAG == 1u || DIAG == 2u ? tile * TILE : look_back(gtile);
    if (subgroupElect()) {
        if (prefix == GAVE_UP) {
            give_up(gtile);
        } else {
            if (gtile != 0u) status[gtile] = INCLUSIVE | (prefix + tile_count);
            if (tile + 1u == ntiles) count = prefix + tile_count; // the range's last tile
        }
        base_shared[slot] = prefix;
    }
}

// (d) The kept elements of a tile to their places (base GAVE_UP: the fallback writes everything).
void write_tile(uint v[ROUNDS], uint kept, uint base, uint slot) {
    if (base == GAVE_UP) return;
    for (uint r = 0u; r < ROUNDS; ++r) {
        bool pass = (kept & (1u << r)) != 0u;
        uint below = subgroupBallotExclusiveBitCount(subgroupBallot(pass));
        if (pass) store_out(base + offsets[slot][r * gl_NumSubgroups + gl_SubgroupID] + below, apply(v[r]));
    }
}

void main() {
    uint t = gl_LocalInvocationID.x;
    uint ntiles = (p.n + TILE - 1u) / TILE;
    if (t == 0u) ticket_shared[0] = draw(0u);
    barrier();
    uint tile = ticket_shared[0];
    if (tile >= ntiles) return; // uniform: the whole group leaves
    uint v[ROUNDS], vp[ROUNDS];
    load_tile(tile, v);
    uint prev = NONE, kept_prev = 0u, count_prev = 0u; // T(k-1); its count in the first subgroup
    uint k = 0u;
    for (;; ++k) {
        uint gtile = p.tile_base + tile;
        if (t == 0u) ticket_shared[(k + 1u) & 1u] = draw(k + 1u);
        // a. T(k-1)'s look-back.
        if (prev != NONE && gl_SubgroupID == 0u) finish_look_back(prev, count_prev, ntiles, k & 1u);
        // b. Count T(k).
        uint kept = 0u; // bit r: round r's element exists and passes
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint i = tile * TILE + r * gl_WorkGroupSize.x + t;
            if (i < p.n && keep(v[r])) kept |= 1u << r;
        }
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint c = subgroupBallotBitCount(subgroupBallot((kept & (1u << r)) != 0u));
            if (subgroupElect()) offsets[k % 3u][r * gl_NumSubgroups + gl_SubgroupID] = c;
        }
        barrier(); // T(k)'s counts, T(k-1)'s prefix and the next ticket are known
        // c. T(k)'s offsets and AGGREGATE.
        uint tile_count = 0u;
        if (gl_SubgroupID == 0u) {
            uint words = ROUNDS * gl_NumSubgroups;
            uint per = (words + gl_SubgroupSize - 1u) / gl_SubgroupSize;
            uint first = gl_SubgroupInvocationID * per;
            uint mine = 0u;
            for (uint j = first; j < min(first + per, words); ++j) mine += offsets[k % 3u][j];
            uint run = subgroupExclusiveAdd(mine);
            tile_count = subgroupAdd(mine);
            for (uint j = first; j < min(first + per, words); ++j) {
                uint c = offsets[k % 3u][j];
                offsets[k % 3u][j] = run;
                run += c;
            }
            if (subgroupElect()) status[gtile] = (gtile == 0u ? INCLUSIVE : AGGREGATE) | tile_count;
        }
        // d. T(k-1) out.
        if (prev != NONE) write_tile(vp, kept_prev, base_shared[k & 1u], (k + 2u) % 3u);
        // e. Rotate; T(k+1)'s loads.
        for (uint r = 0u; r < ROUNDS; ++r) vp[r] = v[r];
        kept_prev = kept;
        count_prev = tile_count;
        prev = tile;
        uint next = ticket_shared[(k + 1u) & 1u];
        if (next >= ntiles) break; // uniform
        tile = next;
        load_tile(tile, v);
    }
    // Drain: the last tile's look-back and write (as steps a and d of one more iteration).
    if (gl_SubgroupID == 0u) finish_look_back(prev, count_prev, ntiles, (k + 1u) & 1u);
    barrier(); // its prefix (and its offsets, scanned by the first subgroup) are known
    write_tile(vp, kept_prev, base_shared[(k + 1u) & 1u], k % 3u);
    if (DIAG == 3u && gl_SubgroupID == 0u && subgroupElect()) {
        atomicAdd(pad[0], tiles_done);
        atomicAdd(pad[1], diag_reads);
        atomicAdd(pad[2], diag_steps);
    }
}
