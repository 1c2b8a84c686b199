#version 450
// Ours, `stable` with the count and the scatter overlapping, step 2 of 2: as
// stable_scatter_prefix.comp, but dispatched with no barrier after the counters
// (stable_count_overlap.comp), and tiles in order: a group's tile was counted moments ago and is
// still in L2. Each invocation reads its words of the prefix (the superblocks' before this
// tile's, or a tile's of its own superblock before it) and waits until they are published.
//
// A wait is bounded: past SPIN_LIMIT re-reads the invocation counts that superblock or tile
// itself, from the input. So the result is exact even where the counters did not run beside the
// scatter (a device that runs dispatches one after the other never waits).
//
// Two ways to write the tile (HALVES, constant_id 11; halves unless asked otherwise):
// - 0, by subgroups: the prefix first, then each subgroup stages and writes one round at a time
//   (write_by_subgroups). On the H200 this write takes a group about 2 us of its 4.4 (the
//   eighteenth session's timeline), but the kernel keeps to 40 registers.
// - 1, staged in halves: the tile is ranked, its first half (rounds 0-1) staged in shared memory
//   while the prefix is read (its words read only then), and the group writes each half out in
//   turn. The group lives about 3.6 us, but takes 56 registers (3 groups per multiprocessor
//   beside a counter instead of 4; a form in 48 registers, writing a tile that fits in one go,
//   was slower beside the counters: the forty-sixth session):
//   on the H200 5-13% faster up to 2^25 elements and within 2% past it; on the H100 2-6%
//   faster past 2^25 too (thirtieth session).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
layout(constant_id = 10) const uint SPIN_LIMIT = 1u << 20; // tests: 0
layout(constant_id = 11) const uint HALVES = 0u;
// PERSISTENT (constant_id 13; halves only, the tiles that end in whole uvec4s): a grid of as many
// groups as fit beside the counters, each taking tiles g, g + G, ... and issuing its next tile's
// loads before it ranks this one, so that their round trip (about 2 us under load, most of a
// group's life) passes while this tile is written. The host sizes the grid to what is resident
// at once (a group that must wait for a slot delays every G-th tile: docs/reduce_compact.md,
// "2026-12-02, fifth session").
layout(constant_id = 13) const uint PERSISTENT = 0u;
// tile_base: the tiles of the ranges before this one (0: one range); last: 1 in the last range;
// total_tiles: of every range (the last superblock's size); first_tile: this dispatch's first
// tile (the PARTIAL_UVEC4 pipeline's one tile: the last, when it ends in a partial uvec4).
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint last; uint total_tiles; uint first_tile; } p;
#include "compact_common.glsl"
#define TAIL_SPEC
#include "stable_tile.glsl"
layout(std430, binding = 2) writeonly buffer Count { uint count; };
// As stable_count_overlap.comp: words[2g + wset] tile g's word, sums[2j + set] superblock j's.
// Read first as plain loads, issued with the tile's; only a word not yet published is read
// again, through the volatile bindings of the same buffers (a volatile first read costs the
// H200 a memory latency per group: 0.160 against 0.197 ms at 2^26).
layout(std430, binding = 3) readonly buffer Tiles { uint word_set; uint header[15]; uint words[]; };
layout(std430, binding = 8) readonly buffer Supers { uint parity; uint unused; uint sums[]; };
layout(std430, binding = 9) coherent volatile readonly buffer TilesAgain { uint word_set_again; uint header_again[15]; uint words_again[]; };
layout(std430, binding = 10) coherent volatile readonly buffer SupersAgain { uint parity_again; uint unused_again; uint sums_again[]; };
const uint SUPER_SHIFT = 8u; // 256 tiles per superblock (SUPER_TILES in src/ops/compact.rs)
const uint DONE_SHIFT = 21u;  // as stable_count_overlap.comp
const uint READY = 1u << 31;

shared uvec2 sg_sum[gl_WorkGroupSize.x / 4u];
shared uint sg_prefix[gl_WorkGroupSize.x / 4u];
// By subgroups: one round, 4 words per invocation, a part per subgroup. In halves: half a tile.
shared uint stage[(HALVES == 1u ? 2u * ROUNDS : 4u) * gl_WorkGroupSize.x];
#define RANK_SUMS sg_sum
#include "tile_rank.glsl"
#define STAGED stage
#include "subgroup_write.glsl"
#include "staged_halves.glsl" // kept_per_round, stage_half, write_half

// The kept elements of `tiles` tiles from `first` (of this range), counted by this invocation
// alone: only where a wait gave up. 8 loads per iteration (llvmpipe leaves a loop after 65535).
uint count_tiles(uint first, uint tiles) {
    uint c = 0u, from = first * tile_size() / 4u, to = min(from + tiles * tile_size() / 4u, (p.n + 3u) / 4u);
    for (uint i = from; i < to; i += 8u) {
        [[unroll]] for (uint k = 0u; k < 8u; ++k) c += i + k < to ? bitCount(pass_mask(load4(i + k))) : 0u;
    }
    return c;
}

// Superblock q's kept count, once its tiles are all counted; w: its word as first read.
uint superblock(uint q, uint w, uint set) {
    uint need = min(1u << SUPER_SHIFT, p.total_tiles - (q << SUPER_SHIFT));
    for (uint i = 0u; (w >> DONE_SHIFT) < need; ++i) {
        if (i == SPIN_LIMIT) return count_tiles((q << SUPER_SHIFT) - p.tile_base, need);
        w = sums_again[2u * q + set];
    }
    return w & ((1u << DONE_SHIFT) - 1u);
}

// Tile j's kept count (j < this tile, of its superblock), once published; w: its word as first
// read (READY: none to read).
uint tile_count_of(uint j, uint w, uint wset) {
    for (uint i = 0u; (w & READY) == 0u; ++i) {
        if (i == SPIN_LIMIT) return count_tiles(j - p.tile_base, 1u);
        w = words_again[2u * j + wset];
    }
    return w & ~READY;
}

// Adds this invocation's part of the prefix (the words before tile g: superblock t's if t < s,
// tile j's of its superblock), as first read in ws and wt, over the subgroup into sg_prefix
// (complete after the group's next barrier).
void add_prefix_part(uint g, uint ws, uint wt, uint set, uint wset) {
    uint t = gl_LocalInvocationID.x, L = gl_WorkGroupSize.x, s = g >> SUPER_SHIFT, j = (s << SUPER_SHIFT) + t;
    uint part = (t < s ? superblock(t, ws, set) : 0u) + tile_count_of(j, wt, wset);
    for (uint q = t + L; q < s; q += L) part += superblock(q, sums[2u * q + set], set); // past 2^28 elements
    part = subgroupAdd(part);
    if (subgroupElect()) sg_prefix[gl_SubgroupID] = part;
}

uint group_prefix() {
    uint base = 0u;
    for (uint q = 0u; q < gl_NumSubgroups; ++q) base += sg_prefix[q];
    return base;
}

// This invocation's words of tile g's prefix as first read (plain loads): its superblock's
// (ws) and its tile's of the tile's superblock (wt; L = 256: one tile of the superblock each).
// Both are issued before either is checked.
void first_read_words(uint g, uint set, uint wset, out uint ws, out uint wt) {
    uint t = gl_LocalInvocationID.x, s = g >> SUPER_SHIFT, j = (s << SUPER_SHIFT) + t;
    ws = t < s ? sums[2u * t + set] : 0u;
    wt = j < g ? words[2u * j + wset] : READY;
}

// The tile staged in halves (HALVES 1), its loads in v: ranked, its prefix words read, its first
// half staged while they come, written; then its second half. Returns the tile's kept count and
// sets `base`, its place in the output. words_read: the persistent grid read the words (ws, wt)
// before the rank; else they are read here.
uint scatter_in_halves(uint tile, uvec4 v[ROUNDS], out uint base, bool words_read, uint ws, uint wt) {
    uint g = p.tile_base + tile;
    uvec2 at, total;
    uint tile_count = rank_in_group_totals(kept_per_round(v), at, total);
    // One group per tile: the words read once the tile is ranked, so that their latency passes
    // while the first half is staged, as tile_atomic.comp's atomic, and nothing of them lives
    // through the loads and the rank (read with the loads, 3% slower at 2^26 and 5% at 0.1% kept
    // on the H100: the forty-sixth session).
    uint set = parity, wset = word_set;
    if (!words_read) first_read_words(g, set, wset, ws, wt);
    uint first = field(total, 0u) + field(total, 1u); // kept in the first half
    stage_half(v, at, 0u, 0u);
    add_prefix_part(g, ws, wt, set, wset); // any wait here, half the tile staged
    barrier(); // the first half staged, sg_prefix complete
    base = group_prefix();
    write_half(base, first);
    barrier(); // stage[] read out
    stage_half(v, at, ROUNDS / 2u, first);
    barrier(); // the second half staged
    write_half(base + first, tile_count - first);
    return tile_count;
}

// PERSISTENT: tiles g, g + G, ... below `end` (this pipeline's tiles end in whole uvec4s), the
// next one's loads in flight while this one is scattered.
void scatter_persistent() {
    uint t = gl_LocalInvocationID.x, L = gl_WorkGroupSize.x, G = gl_NumWorkGroups.x;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    uint end = p.n % 4u != 0u ? ntiles - 1u : ntiles; // the partial uvec4's tile: the other pipeline
    uint tile = p.first_tile + gl_WorkGroupID.x;
    if (tile >= end) return; // uniform
    uvec4 v[ROUNDS], next_v[ROUNDS];
    uint set = parity, wset = word_set; // flipped only between runs
    for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(tile * tile_size() / 4u + r * L + t);
    while (true) { // uniform: every invocation has the same tiles
        uint next = tile + G;
        if (next < end) {
            for (uint r = 0u; r < ROUNDS; ++r) next_v[r] = load4(next * tile_size() / 4u + r * L + t);
        }
        // This tile's words, issued after the next tile's loads and before the rank: 0-2% faster
        // at 2^25-2^27 on the H200 than after the rank, at the same 64 registers; issued a tile
        // ahead, with the next tile's loads, 5-11% slower; before the next tile's loads, 3% faster
        // at 0.1% kept and up to 7% slower at 50-100% (docs/reduce_compact.md, "2026-12-03,
        // second session").
        uint ws, wt;
        first_read_words(p.tile_base + tile, set, wset, ws, wt);
        uint base, tile_count = scatter_in_halves(tile, v, base, true, ws, wt);
        if (t == 0u && p.last == 1u && tile + 1u == ntiles) count = base + tile_count;
        if (next >= end) break;
        v = next_v; // the next tile's rank barrier also frees stage[]
        tile = next;
    }
}

void main() {
    if (PERSISTENT == 1u && HALVES == 1u && PARTIAL_UVEC4 == 0u) {
        scatter_persistent();
        return;
    }
    uint t = gl_LocalInvocationID.x, tile = p.first_tile + gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y, L = gl_WorkGroupSize.x;
    if (tile * tile_size() >= p.n) return; // uniform: past the last tile of a 2-D grid
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    uvec4 v[ROUNDS];
    for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(tile * tile_size() / 4u + r * L + t);
    uint g = p.tile_base + tile;
    uvec2 at;
    uint tile_count, base, ws, wt, set, wset;
    if (HALVES == 1u) {
        tile_count = scatter_in_halves(tile, v, base, false, 0u, READY);
    } else {
        // By subgroups: the words read while the tile's loads are in flight (one memory
        // latency under the tile's; checked one after the other, the H200 took 7% longer).
        set = parity;
        wset = word_set;
        first_read_words(g, set, wset, ws, wt);
        add_prefix_part(g, ws, wt, set, wset);
        uvec2 total, start;
        tile_count = rank_in_group_starts(kept_per_round(v), at, total, start); // its barrier completes sg_prefix too
        base = group_prefix();
        write_by_subgroups(v, at, start, base);
    }
    if (t == 0u && p.last == 1u && tile + 1u == ntiles) count = base + tile_count;
}
