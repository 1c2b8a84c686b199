#version 450
// Ours: stable compaction in ONE pass, the chained scan of stable_lookback.comp (same tickets,
// status words, look-back walk and fallback: glsl/include/lookback_status.glsl), with nothing
// staged: every kept element goes from its register straight to its place in the output.
// A tile is ROUNDS x local size elements (4096); element (round r, invocation t) is
// tile_start + r * L + t: one coalesced 4-byte load per round, as in subgroup_ballot.comp.
// Per tile:
//  1. count: per round one subgroupBallot; its bit count goes to shared memory, one word per
//     (round, subgroup), in element order;
//  2. barrier; the first subgroup turns those words into exclusive offsets (a few per lane and
//     one subgroupExclusiveAdd), publishes the tile's AGGREGATE, looks back for its prefix and
//     publishes INCLUSIVE;
//  3. barrier; each kept element is stored at prefix + its (round, subgroup) offset + the kept
//     lanes below it (the ballot again, subgroupBallotExclusiveBitCount). A subgroup's stores of
//     one round land side by side, so they coalesce without stable_lookback's staging copy and
//     the barriers around it.
// The offsets, the prefix and the tickets have two slots, used by alternate tiles: the slot a
// tile writes was last read two tiles ago, before the last tile's barriers, so two barriers per
// tile suffice. The look-back comes right after counting (the other subgroups wait at the
// barrier; other groups on the multiprocessor keep it busy meanwhile).
// Loop limiter (see stable_lookback.comp): per tile at most 3 x ROUNDS + 2 x ceil(ROUNDS x
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
shared uint offsets[2][ROUNDS * gl_WorkGroupSize.x / 4u];
shared uint base_shared[2];
shared uint ticket_shared[2];

void main() {
    uint t = gl_LocalInvocationID.x;
    uint ntiles = (p.n + TILE - 1u) / TILE;
    if (t == 0u) ticket_shared[0] = draw(0u);
    barrier();
    uint tile = ticket_shared[0];
    if (tile >= ntiles) return; // uniform: the whole group leaves
    for (uint k = 0u;; ++k) {
        uint s = k & 1u; // this tile's slots
        uint gtile = p.tile_base + tile;
        if (t == 0u) ticket_shared[s ^ 1u] = draw(k + 1u); // read after this tile's barriers

        // 1. Load and count.
        uint v[ROUNDS];
        uint kept = 0u; // bit r: round r's element exists and passes
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint i = tile * TILE + r * gl_WorkGroupSize.x + t;
            v[r] = i < p.n ? x[i] : 0u;
            if (i < p.n && keep(v[r])) kept |= 1u << r;
        }
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint c = subgroupBallotBitCount(subgroupBallot((kept & (1u << r)) != 0u));
            if (subgroupElect()) offsets[s][r * gl_NumSubgroups + gl_SubgroupID] = c;
        }
        barrier(); // the counts are in offsets[s]

        // 2. Offsets, AGGREGATE, look-back, INCLUSIVE: the first subgroup.
        if (gl_SubgroupID == 0u) {
            uint words = ROUNDS * gl_NumSubgroups;
            uint per = (words + gl_SubgroupSize - 1u) / gl_SubgroupSize;
            uint first = gl_SubgroupInvocationID * per;
            uint mine = 0u;
            for (uint j = first; j < min(first + per, words); ++j) mine += offsets[s][j];
            uint run = subgroupExclusiveAdd(mine);
            uint tile_count = subgroupAdd(mine);
            for (uint j = first; j < min(first + per, words); ++j) {
                uint c = offsets[s][j];
                offsets[s][j] = run;
                run += c;
            }
            if (subgroupElect()) status[gtile] = (gtile == 0u ? INCLUSIVE : AGGREGATE) | tile_count;
            tiles_done++;
            uint prefix = gtile == 0u ? 0u : DIAG == 1u || DIAG == 2u ? tile * TILE : look_back(gtile);
            if (subgroupElect()) {
                if (prefix == GAVE_UP) {
                    give_up(gtile);
                } else {
                    if (gtile != 0u) status[gtile] = INCLUSIVE | (prefix + tile_count);
                    if (tile + 1u == ntiles) count = prefix + tile_count; // the range's last tile
                }
                base_shared[s] = prefix;
            }
        }
        barrier(); // offsets[s], base_shared[s] and the next ticket are known

        // 3. Every kept element to its place.
        uint base = base_shared[s];
        if (base != GAVE_UP) { // else the fallback writes everything
            for (uint r = 0u; r < ROUNDS; ++r) {
                bool pass = (kept & (1u << r)) != 0u;
                uint below = subgroupBallotExclusiveBitCount(subgroupBallot(pass));
                if (pass) store_out(base + offsets[s][r * gl_NumSubgroups + gl_SubgroupID] + below, apply(v[r]));
            }
        }
        uint next = ticket_shared[s ^ 1u];
        if (next >= ntiles) break; // uniform
        tile = next;
    }
    if (DIAG == 3u && gl_SubgroupID == 0u && subgroupElect()) {
        atomicAdd(pad[0], tiles_done);
        atomicAdd(pad[1], diag_reads);
        atomicAdd(pad[2], diag_steps);
    }
}
