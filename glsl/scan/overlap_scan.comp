#version 450
// Ours, `overlap` step 2 of 2: as reduce_then_scan_scan.comp (one striped tile of 4096 per
// workgroup, one barrier), but dispatched with no barrier after the reducers
// (overlap_reduce.comp), and its tile's prefix found by the tile itself. Tiles come in chunks of
// 256; invocation t reads, while the tile's loads are in flight, the total of chunk t (t < this
// tile's chunk) and the partial of tile t of this tile's chunk (before this tile), and waits
// until they are published. The chunks' totals come from the scan groups themselves: the last
// tile of each chunk publishes its chunk's (the partials before it and its own values, reduced).
// So a tile adds up at most one word per invocation of each kind (up to 2^28 elements a range),
// and no pass scans the partials.
//
// Every wait is bounded: past SPIN_LIMIT re-reads a chunk's total is reduced from its tiles'
// partials, and a tile's partial from the input (never in place: the host records a barrier
// after the reducers there, so every partial is published before any scan group starts). So
// the result is exact whatever runs beside what. (A chunk's total reduced here from its partials
// is the same sum in another order: for f32 within the same bound, and only where a wait gave up.)
// TAIL = 1 only for the tile that holds a range's last, partial uvec4 (as reduce-then-scan).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "scan_common.glsl"
#include "scan_group.glsl"
layout(std430, binding = 0) readonly buffer In1 { uint x1[]; };
layout(std430, binding = 1) readonly buffer In4 { uvec4 x4[]; };
layout(std430, binding = 2) writeonly buffer Out1 { uint y1[]; };
layout(std430, binding = 3) writeonly buffer Out4 { uvec4 y4[]; };
// As overlap_reduce.comp: words[set * p.chunk + g] tile g's partial, words[set * p.chunk + T + c]
// chunk c's total (T = p.chunk - p.chunk / 257 tile slots a set). Read first as coherent loads
// (from L2, never a multiprocessor's L1, which could hold a line of an earlier run: the set, or a
// word since zeroed), issued with the tile's; only a word not yet published is read again,
// through the volatile binding of the same buffer.
layout(std430, binding = 4) coherent buffer State { uint set; uint header[15]; uvec2 words[]; };
layout(std430, binding = 5) coherent volatile readonly buffer StateAgain { uint set_again; uint header_again[15]; uvec2 words_again[]; };
#include "scan_striped_tile.glsl"
layout(constant_id = 3) const uint TAIL = 0u;
layout(constant_id = 10) const uint SPIN_LIMIT = 1u << 20; // tests: 0
// Tests: 1 checks that a chunk's word is still 0 before it is published (as overlap_reduce.comp).
layout(constant_id = 11) const uint CHECK_STATE = 0u;
// 1: the tile's subgroup scans after the waits for its prefix, 0: before them, beside the
// waits' latency. Before, their results stay live through the waits' loops: on the H200 that
// is 48 registers and 16 bytes of local memory (45 and none after), and runs of 2^26 elements
// and more, bound by DRAM, are up to 5% slower; runs of 2^21 and fewer, bound by the waits, are
// 4-8% faster (the host picks by size: docs/scan.md, "2026-12-02, third session").
layout(constant_id = 12) const uint SCAN_LATE = 0u;
#include "scan_word.glsl"
const uint CHUNK_SHIFT = 8u; // 256 tiles a chunk
// Each subgroup's total of each round, then its part of the chunks before and of the chunk's
// tiles before (slots for subgroups of one invocation).
shared uint round_totals[STRIPED_ROUNDS + 2u][gl_WorkGroupSize.x];
const uint CHUNKS_BEFORE = STRIPED_ROUNDS, TILES_BEFORE = STRIPED_ROUNDS + 1u;
#include "scan_striped_store.glsl"

// Tile g's reduction, from the input, by this invocation alone (only where a wait gave up; never
// in place; g is a whole tile before this one, of this range: with several ranges the host records
// a barrier after the reducers, so every partial is published). Whole uvec4s only: element by
// element loads anywhere in the pipeline slowed the scan of 2^26 u32 by 39% on the H200
// (docs/scan.md). One accumulator, a loop not unrolled: few registers for a path that rarely
// runs (the registers of the kernel set how many groups a multiprocessor holds).
uint reduce_tile_here(uint g) {
    uint first = (g - p.offset) * 1024u;
    uvec4 acc = uvec4(identity());
    [[dont_unroll]] for (uint i = 0u; i < 1024u; ++i) acc = combine4(acc, striped_load_whole(first + i, p.n));
    return combine(combine(acc.x, acc.y), combine(acc.z, acc.w));
}

// Tile g's partial, once published; w: its word as first read.
uint partial_of(uint g, uvec2 w, uint base) {
    for (uint i = 0u; !published(w); ++i) {
        if (i == SPIN_LIMIT) return reduce_tile_here(g);
        w = words_again[base + g];
    }
    return value_of(w);
}

// Chunk c's total, once published; w: its word as first read. Where the wait gives up, the
// reduction of the chunk's partials here (the last tile of every chunk before this tile's is in
// this range or an earlier one).
uint chunk_total(uint c, uvec2 w, uint base, uint chunks_at) {
    for (uint i = 0u; !published(w); ++i) {
        if (i == SPIN_LIMIT) {
            uint total = identity();
            [[dont_unroll]] for (uint g = c << CHUNK_SHIFT; g < (c + 1u) << CHUNK_SHIFT; ++g) total = combine(total, partial_of(g, words_again[base + g], base));
            return total;
        }
        w = words_again[base + chunks_at + c];
    }
    return value_of(w);
}

void main() {
    // The TAIL pipeline's one group takes the range's last tile (it is bound to the whole range,
    // so that a wait that gives up can reduce any tile before it).
    uint tile = TAIL == 1u ? (p.n - 1u) / (STRIPED_ROUNDS * gl_WorkGroupSize.x * 4u) : striped_tile();
    if (tile * STRIPED_ROUNDS * gl_WorkGroupSize.x * 4u >= max(p.n, 1u)) return; // uniform: past the grid's last row
    if (TAIL == 0u && p.n % 4u != 0u && tile == (p.n - 1u) / (STRIPED_ROUNDS * gl_WorkGroupSize.x * 4u)) return; // the TAIL's tile
    uvec4 v[STRIPED_ROUNDS];
    [[unroll]] for (uint r = 0u; r < STRIPED_ROUNDS; ++r) {
        uint at = striped_at(tile, r);
        v[r] = TAIL == 1u ? striped_load(at, p.n) : striped_load_whole(at, p.n);
    }
    // This invocation's words of the prefix, read while the tile's loads are in flight.
    uint t = gl_LocalInvocationID.x, L = gl_WorkGroupSize.x;
    uint g = p.offset + tile, c = g >> CHUNK_SHIFT, j = (c << CHUNK_SHIFT) + t;
    uint base = set * p.chunk, chunks_at = p.chunk - p.chunk / 257u;
    uvec2 wc = t < c ? words[base + chunks_at + t] : uvec2(VALID);
    uvec2 wt = j < g ? words[base + j] : uvec2(VALID);
    uint before_me[STRIPED_ROUNDS];
    if (SCAN_LATE == 0u) scan_rounds(v, before_me);
    // The chunk's tiles before this one. The last tile of a chunk publishes the chunk's total
    // (those partials and its own values, reduced) before it waits for anything else, so that no
    // chain runs from chunk to chunk.
    uint mine = j < g ? partial_of(j, wt, base) : identity();
    if ((g & ((1u << CHUNK_SHIFT) - 1u)) == (1u << CHUNK_SHIFT) - 1u) { // uniform
        uvec4 h = v[0];
        [[unroll]] for (uint r = 1u; r < STRIPED_ROUNDS; ++r) h = combine4(h, v[r]);
        uint here = combine(combine(h.x, h.y), combine(h.z, h.w));
        uint total = group_reduce(combine(mine, here));
        if (t == 0u) {
            if (CHECK_STATE == 1u && words[base + chunks_at + c] != uvec2(0u)) atomicOr(header[0], 1u);
            words[base + chunks_at + c] = word_of(total);
        }
    }
    // The chunks before (past 256 of them, a run of chunks each).
    uint chunks = t < c ? chunk_total(t, wc, base, chunks_at) : identity();
    for (uint q = t + L; q < c; q += L) chunks = combine(chunks, chunk_total(q, words[base + chunks_at + q], base, chunks_at));
    if (SCAN_LATE == 1u) scan_rounds(v, before_me);
    chunks = subgroup_combine(chunks);
    uint before = subgroup_combine(mine);
    if (subgroupElect()) {
        round_totals[CHUNKS_BEFORE][gl_SubgroupID] = chunks;
        round_totals[TILES_BEFORE][gl_SubgroupID] = before;
    }
    barrier(); // every subgroup's round totals and prefix parts are in their slots
    uint chunks_before = identity(), tiles_before = identity();
    for (uint k = 0u; k < gl_NumSubgroups; ++k) {
        chunks_before = combine(chunks_before, round_totals[CHUNKS_BEFORE][k]);
        tiles_before = combine(tiles_before, round_totals[TILES_BEFORE][k]);
    }
    store_scanned_tile(tile, v, before_me, combine(chunks_before, tiles_before));
}
