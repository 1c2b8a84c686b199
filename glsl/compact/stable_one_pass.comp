#version 450
// Ours, `stable` in ONE pass for small inputs (up to 2^21 elements by default): `tile-atomic`'s
// body (tile_atomic.comp, in its registers and shared memory) with the tile's place from a
// decoupled look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back", 2016) instead of the atomic. Where every tile is resident at once nothing stalls
// behind a late tile, and one pass beats `stable`'s two (on an H200 7.9 against 9.9 us at 2^10,
// 9.9 against 11.8 at 2^20); from about 2^22 each tile waits for the slowest tile still loading
// ahead of it, holding its slot, and the two passes tie or win (docs/reduce_compact.md,
// "2026-12-01, second session").
//
// One status word per tile: epoch (9 bits, 1..511) | INCL (bit 22) | value (22 bits: the tile's
// kept count, or with INCL the kept count up to and with this tile). A word of another epoch is
// not published yet, so no fill is needed before a run. The epoch lives on the GPU (word 0 of the
// state), so a command buffer recorded once may be submitted again: the group that finishes last
// steps it, and after epoch 511 zeroes every status word, so a word of this run's epoch was
// written in this run.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
// Re-reads of an unpublished word before the waiting lane counts that tile from the input itself:
// exact whatever the scheduler does with groups that wait on each other (lavapipe, or a GPU that
// does not run the tiles in order).
layout(constant_id = 10) const uint SPIN_LIMIT = 1u << 15;
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint counted; } p;
#include "compact_common.glsl"
#define TAIL_SPEC
#include "stable_tile.glsl" // PARTIAL_UVEC4 (constant_id 12): as tile_atomic.comp
layout(std430, binding = 2) writeonly buffer Count { uint count; };
// The state: [0] the last run's epoch, [1] groups done in this run, [2..3] unused, then one status
// word per tile; binding 9 and 10 see the same words 4 at a time (block b: tiles 4b..4b+3 at
// status4[1 + b]), the second for re-reads, which must not be served from an earlier read.
layout(std430, binding = 8) coherent buffer State { uint state[]; };
layout(std430, binding = 9) coherent readonly buffer Status4 { uvec4 status4[]; };
layout(std430, binding = 10) coherent volatile readonly buffer Status4Again { uvec4 status4_again[]; };
const uint STATUS = 4u; // the state's first status word
const uint INCL = 1u << 22;
const uint VALUE = INCL - 1u;
const uint EPOCHS = 511u;

shared uvec2 sg_sum[gl_WorkGroupSize.x / 4u];
shared uint stage[2u * 4u * gl_WorkGroupSize.x]; // half a tile
shared uint tile_place;
#define RANK_SUMS sg_sum
#include "tile_rank.glsl"
#include "staged_halves.glsl" // kept_per_round, stage_half, write_half

uint epoch; // this run's (subgroup 0)

// Tile j's kept count from the input, by this invocation alone: only where a wait ran out.
uint count_tile(uint j) {
    uint c = 0u, from = j * tile_size() / 4u, to = min(from + tile_size() / 4u, (p.n + 3u) / 4u);
    for (uint i = from; i < to; ++i) c += bitCount(pass_mask(load4(i)));
    return c;
}

uint published(uint value) { return (epoch << 23) | value; }

// Block b of status words (before block 0: one inclusive word of 0).
uvec4 block_of(int b) { return b < 0 ? uvec4(published(INCL)) : status4[1 + b]; }

// Subgroup 0: the kept count before tile `last + 1`, from the status words of the tiles up to
// `last`; lane l holds block B - l (B = last's block; tiles past `last` count nothing), `w` as
// first read. The window steps back 4 x subgroup size tiles; ballots find the nearest inclusive
// word and whether a word above it is not published yet (then those lanes read again).
uint look_back(int last, uvec4 w) {
    int lane = int(gl_SubgroupInvocationID), S = int(gl_SubgroupSize), b = (last >> 2) - lane;
    uint prefix = 0u, spins = 0u;
    for (;;) {
        uint m_incl = 0u, m_wait = 0u;
        [[unroll]] for (int k = 0; k < 4; ++k) {
            bool skip = 4 * b + k > last;
            bool ready = skip || (w[k] >> 23) == epoch;
            if (!ready) m_wait |= 1u << k;
            if (!skip && ready && (w[k] & INCL) != 0u) m_incl |= 1u << k;
        }
        int hi = findMSB(m_incl); // -1: none
        bool blocked = (m_wait >> uint(hi + 1)) != 0u; // a word above this lane's nearest inclusive one waits
        uvec4 bi = subgroupBallot(hi >= 0), bb = subgroupBallot(blocked);
        uint first_incl = subgroupBallotBitCount(bi) > 0u ? subgroupBallotFindLSB(bi) : uint(S);
        uint first_block = subgroupBallotBitCount(bb) > 0u ? subgroupBallotFindLSB(bb) : uint(S);
        if (first_block <= first_incl && first_block < uint(S)) {
            if (blocked && uint(lane) <= first_incl) {
                if (spins >= SPIN_LIMIT) {
                    // w by a select, not w[k] =: the driver kept this loop rolled, and an
                    // indexed write put w in local memory, stored and loaded back at every read.
                    for (uint k = 0u; k < 4u; ++k) {
                        if ((m_wait & (1u << k)) != 0u) w = mix(w, uvec4(published(count_tile(uint(4 * b) + k))), equal(uvec4(0u, 1u, 2u, 3u), uvec4(k)));
                    }
                } else {
                    w = status4_again[1 + b];
                }
            }
            ++spins;
            continue;
        }
        uint part = 0u;
        [[unroll]] for (int k = 0; k < 4; ++k) {
            if (4 * b + k <= last && k >= hi) part += w[k] & VALUE;
        }
        prefix += subgroupAdd(uint(lane) <= first_incl ? part : 0u);
        if (first_incl < uint(S)) return prefix;
        b -= S;
        w = block_of(b);
    }
}

void main() {
    uint t = gl_LocalInvocationID.x;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    bool partial_end = (p.n & 3u) != 0u;
    uint tile = PARTIAL_UVEC4 == 1u ? ntiles - 1u : gl_WorkGroupID.x;
    // Uniform: past the last tile, or the other pipeline's tile.
    if (tile >= ntiles || (tile == ntiles - 1u && partial_end) != (PARTIAL_UVEC4 == 1u)) return;
    bool looker = gl_SubgroupID == 0u;
    if (looker) epoch = state[0] % EPOCHS + 1u;
    uvec4 v[ROUNDS];
    for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(tile * tile_size() / 4u + r * gl_WorkGroupSize.x + t);
    uvec2 at, total;
    uint tile_count = rank_in_group_totals(kept_per_round(v), at, total);
    // Subgroup 0 publishes the tile's count (tile 0: inclusive) and, once the first half is
    // staged, looks back; the other subgroups stage meanwhile.
    if (looker && subgroupElect()) state[STATUS + tile] = published((tile == 0u ? INCL : 0u) | tile_count);
    uint first = field(total, 0u) + field(total, 1u); // kept in the first half
    stage_half(v, at, 0u, 0u);
    if (looker) {
        int last = int(tile) - 1;
        uint before = tile == 0u ? 0u : look_back(last, block_of((last >> 2) - int(gl_SubgroupInvocationID)));
        if (subgroupElect()) {
            tile_place = before;
            if (tile > 0u) state[STATUS + tile] = published(INCL | (before + tile_count));
            if (tile + 1u == ntiles) count = before + tile_count;
        }
    }
    barrier(); // the first half staged, tile_place written
    uint base = tile_place;
    write_half(base, first);
    barrier(); // stage[] read out
    stage_half(v, at, ROUNDS / 2u, first);
    barrier(); // the second half staged
    write_half(base + first, tile_count - first);
    // The group done: the last of the run (by the count of groups done, so also where a waiter
    // counted a tile whose group had not started) steps the epoch; after epoch 511 it first zeroes
    // every status word. Every group read the epoch before its count, so none sees the step.
    // Only that zeroing needs fences: every group's status words before its count, and the
    // zeroing after the last count (a late word of epoch 511 would be read as published 511 runs
    // on). 1 run in 511 pays them (on an H200 fences in every run cost 0.4-0.7 us a run).
    if (looker) {
        bool wrap = epoch == EPOCHS, last_group = false;
        if (subgroupElect()) {
            if (wrap) memoryBarrierBuffer();
            last_group = atomicAdd(state[1], 1u) == ntiles - 1u;
        }
        if (subgroupBroadcastFirst(uint(last_group)) != 0u) { // the elected lane is the first
            if (wrap) {
                memoryBarrierBuffer();
                for (uint j = STATUS + gl_SubgroupInvocationID; j < state.length(); j += gl_SubgroupSize) state[j] = 0u;
            }
            if (subgroupElect()) {
                state[1] = 0u;
                state[0] = epoch;
            }
        }
    }
}
