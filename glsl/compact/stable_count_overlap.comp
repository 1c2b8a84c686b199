#version 450
// Ours, `stable` with the count and the scatter overlapping, step 1 of 2: a few persistent
// COUNTER groups (one of 512 per multiprocessor), dealt tiles g, g + G, ..., count each tile
// and publish it twice: its tile word (READY | count) and its superblock's word (atomicAdd of
// DONE_ONE + count). The scatter (stable_scatter_overlap.comp) is dispatched right after, with
// no barrier between: its groups run beside the counters, wait until the words before their
// tile are published, and find the tile just counted still in L2. So the input is read from
// DRAM once.
//
// Every word says itself whether it is published (a flag, or the superblock's tiles done), so no
// memory barrier orders them. The words come in two sets, used by alternate runs (`word_set` for
// the tile words, `parity` for the superblock words, both flipped after each run by
// stable_overlap_flip.comp); this run zeroes the other sets. The tile words have their own set
// and region: `stable`'s other two passes (inputs past one binding) share the superblock words and
// `parity` with these kernels, but neither reads nor zeroes these tile words.
//
// The counters never wait on anything: recorded first, they hold their slots before any scatter
// group starts, and the scatter's waits end as they go on.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
// Tests: 0 publishes nothing, so that the scatter counts every tile before its own itself.
layout(constant_id = 10) const uint PUBLISH = 1u;
// supers: the superblocks at the compactor's capacity (the other set's words to zero).
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint supers; } p;
#include "compact_common.glsl"
#define ROUNDS_SPEC // 2 rounds of 512: tiles of 4096, as the scatter's 4 rounds of 256
#include "stable_tile.glsl"
// words[2g + wset]: tile g's word in either set, READY | count once published. `coherent`: the
// scatter groups of the other dispatch poll these words while this one runs, so the store must
// not wait in a cache of this multiprocessor (the superblock sums are atomics, coherent anyway).
layout(std430, binding = 3) coherent buffer Tiles { uint word_set; uint header[15]; uint words[]; };
// sums[2j + set]: superblock j's word in either set: tiles done << DONE_SHIFT | kept count.
layout(std430, binding = 8) buffer Supers { uint parity; uint unused; uint sums[]; };
const uint SUPER_SHIFT = 8u; // 256 tiles per superblock (SUPER_TILES in src/ops/compact.rs)
const uint DONE_SHIFT = 21u; // a superblock keeps at most 2^20 elements
const uint DONE_ONE = 1u << DONE_SHIFT;
const uint READY = 1u << 31;

shared uint sg_sum[2][gl_WorkGroupSize.x / 4u]; // alternate tiles: one barrier per tile

void load_tile(uint tile, uint ntiles, out uvec4 v[ROUNDS]) {
    uint at = min(tile, ntiles) * tile_size() / 4u; // past the last tile: nothing kept, no load
    for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(at + r * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
}

uint kept(uvec4 v[ROUNDS]) {
    uint c = 0u;
    for (uint r = 0u; r < ROUNDS; ++r) c += bitCount(pass_mask(v[r]));
    return c;
}

void publish(uint c, uint tile, uint slot, uint set, uint wset) {
    c = subgroupAdd(c);
    if (subgroupElect()) sg_sum[slot][gl_SubgroupID] = c;
    barrier(); // sg_sum[slot] complete
    if (gl_LocalInvocationID.x == 0u && PUBLISH == 1u) {
        uint total = 0u;
        for (uint k = 0u; k < gl_NumSubgroups; ++k) total += sg_sum[slot][k];
        uint g = p.tile_base + tile;
        words[2u * g + wset] = READY | total;
        atomicAdd(sums[2u * (g >> SUPER_SHIFT) + set], DONE_ONE + total);
    }
}

void main() {
    uint G = gl_NumWorkGroups.x, ntiles = (p.n + tile_size() - 1u) / tile_size();
    uint set = parity, wset = word_set; // flipped only between runs
    // The other set, for the next run: every superblock and tile word at capacity.
    uint L = gl_WorkGroupSize.x, first = gl_WorkGroupID.x * L + gl_LocalInvocationID.x;
    for (uint j = first; j < p.supers; j += G * L) sums[2u * j + (set ^ 1u)] = 0u;
    for (uint j = first; j < p.supers << SUPER_SHIFT; j += G * L) words[2u * j + (wset ^ 1u)] = 0u;
    // Two tiles in flight: the next one's loads are issued before this one is counted.
    uvec4 a[ROUNDS], b[ROUNDS];
    uint tile = gl_WorkGroupID.x;
    load_tile(tile, ntiles, a);
    load_tile(tile + G, ntiles, b);
    while (tile < ntiles) {
        uint c = kept(a);
        load_tile(tile + 2u * G, ntiles, a);
        publish(c, tile, 0u, set, wset);
        tile += G;
        if (tile >= ntiles) break;
        c = kept(b);
        load_tile(tile + 2u * G, ntiles, b);
        publish(c, tile, 1u, set, wset);
        tile += G;
    }
}
