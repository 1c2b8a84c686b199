#version 450
// Radix sort, step 3 of each pass: each tile sorts its keys by the digit in shared memory (ranked
// by matched digits: radix_tile.glsl), then writes them out in that order: a key's place is its
// digit's start in the output (the totals of the smaller digits) + this tile's offset among the
// digit's keys + its rank among the tile's keys of the digit. Consecutive invocations write
// consecutive places of one digit's run (coalesced). Stable: keys of one digit keep their input
// order within the tile, and tiles keep theirs. With WITH_VALUES each key carries a 32-bit value
// (an index, for an argsort): the ranking then sorts one word per key, its digit and its place in
// the tile (digit << 12 | place), and the write-out fetches the key and its value from that place
// of the input (this group just read them).
#extension GL_GOOGLE_include_directive : require
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const bool WITH_VALUES = false;
#define SCAN_BY_SHUFFLES (!WITH_VALUES) // keys only (radix_common.glsl)
#include "radix_common.glsl"
#include "sort_key.glsl"
layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, binding = 1) readonly buffer TileCounts { uint tile_counts[]; };
layout(std430, binding = 2) readonly buffer BlockOffsets { uint block_offsets[]; };
layout(std430, binding = 3) readonly buffer DigitTotals { uint digit_totals[]; };
layout(std430, binding = 4) writeonly buffer Sorted { uint sorted[]; };
layout(std430, binding = 5) readonly buffer Values { uint values[]; };
layout(std430, binding = 6) writeonly buffer SortedValues { uint sorted_values[]; };
#define COUNT_BINDING 7
#include "device_count.glsl"

#include "radix_tile.glsl"

void main() {
    uint l = lane_index(), tile = gl_WorkGroupID.x;
    uint start = tile * TILE;
    uint n = counted_n(p.counted != 0u, p.n);
    if (start >= n) return; // whole group: a tile past a counted run's keys
    uint valid = min(TILE, n - start);
    uint k[KEYS_PER_INVOCATION];
    load_words(start, valid, k); // made sort words in rank_tile: their loads in flight meanwhile
    // Invocation l handles digit l: x scans the tile's counts (the digit's start in the sorted
    // tile), y the digits' totals (the digit's start in the output).
    // The digit's keys in the tiles before this one: its block's offset and the counts of the
    // block's tiles before it (whole rows, read at once; a step of its own writing each tile's
    // offsets took 5% longer at 2^26 keys on the H100).
    uint block = tile / SCAN_BLOCK, first = block * SCAN_BLOCK;
    uint offset = block_offsets[block * DIGITS + l];
    [[unroll]] for (uint t = 0u; t + 1u < SCAN_BLOCK; ++t) offset += first + t < tile ? tile_counts[(first + t) * DIGITS + l] : 0u;
    uvec4 total;
    uvec4 before = group_exclusive_scan(uvec4(tile_counts[tile * DIGITS + l], digit_totals[l], 0u, 0u), total);
    digit_place[l] = before.y + offset - before.x;
    barrier(); // scan_sums free
    rank_tile(before.x, k, true);
    write_out(start, valid, l);
}
