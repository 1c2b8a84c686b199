#version 450
// Radix sort, step 3 of each pass: each tile sorts its keys by the digit in shared memory (three
// stable splits, of 3, 3 and 2 bits, each a group scan of packed 16-bit counts), then writes them
// out in that order: a key's place is its digit's start in the output (the totals of the smaller
// digits) + this tile's offset among the digit's keys + its rank among the tile's keys of the
// digit. Consecutive invocations write consecutive places of one digit's run (coalesced). Stable:
// keys of one digit keep their input order within the tile, and tiles keep theirs. With
// WITH_VALUES each key carries a 32-bit value (an index, for an argsort): the splits then move
// one word per key, its digit and its place in the tile (digit << 12 | place), and the write-out
// fetches the key and its value from that place of the input (this group just read them).
#extension GL_GOOGLE_include_directive : require
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const bool WITH_VALUES = false;
#include "radix_common.glsl"
#include "sort_key.glsl"
layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, binding = 1) readonly buffer TileCounts { uint tile_counts[]; };
layout(std430, binding = 2) readonly buffer TileOffsets { uint tile_offsets[]; };
layout(std430, binding = 3) readonly buffer DigitTotals { uint digit_totals[]; };
layout(std430, binding = 4) writeonly buffer Sorted { uint sorted[]; };
layout(std430, binding = 5) readonly buffer Keys4 { uvec4 keys4[]; }; // binding 0's buffer again
layout(std430, binding = 6) readonly buffer Values { uint values[]; };
layout(std430, binding = 7) writeonly buffer SortedValues { uint sorted_values[]; };

// The tile's keys (images), one word skipped every 32 so that an invocation's 12 consecutive
// keys and its neighbours' fall in different banks.
shared uint tile_keys[TILE + TILE / 32u];
// Per digit: its first place in the output less its first place in the sorted tile.
shared uint digit_place[DIGITS];

uint slot(uint at) { return at + (at >> 5u); }

// One stable split of the tile on the field of `width` bits (2 or 3) at `bit`, of the keys `k`
// at this invocation's 12 consecutive places: each invocation counts its keys of each field
// value in 4-bit nibbles of one word (at most 12 each), the group scans those counts (16 bits
// each, packed: values 2w and 2w + 1 in word w), and each key moves to its value's start in the
// tile + the keys of that value before it. (The nibbles keep every index static: counting into
// the packed words by the key's value, as the first version did, made the split 10% slower on
// the H200.)
void split(uint bit, uint width, uint k[KEYS_PER_INVOCATION]) {
    uint mask = (1u << width) - 1u;
    uint nibbles = 0u;
    for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) nibbles += 1u << (4u * ((k[j] >> bit) & mask));
    uvec4 counts = uvec4((nibbles & 0xFu) | ((nibbles << 12u) & 0xF0000u), ((nibbles >> 8u) & 0xFu) | ((nibbles << 4u) & 0xF0000u),
                         ((nibbles >> 16u) & 0xFu) | ((nibbles >> 4u) & 0xF0000u), ((nibbles >> 24u) & 0xFu) | ((nibbles >> 12u) & 0xF0000u));
    uvec4 total;
    uvec4 next = group_exclusive_scan(counts, total); // its barrier: every key is read
    // Each value's start in the tile (< 2^16, so the packed add cannot carry).
    uint start = 0u;
    for (uint v = 0u; v < 8u; ++v) {
        next[v >> 1u] += start << (16u * (v & 1u));
        start += (total[v >> 1u] >> (16u * (v & 1u))) & 0xFFFFu;
    }
    uint seen = 0u; // this invocation's keys placed so far, per value (nibbles)
    for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) {
        uint v = (k[j] >> bit) & mask;
        uint w = v < 4u ? (v < 2u ? next.x : next.y) : (v < 6u ? next.z : next.w);
        tile_keys[slot(((w >> (16u * (v & 1u))) & 0xFFFFu) + ((seen >> (4u * v)) & 0xFu))] = k[j];
        seen += 1u << (4u * v);
    }
    barrier(); // the split tile is complete, and scan_sums free
}

void main() {
    uint l = lane_index(), tile = gl_WorkGroupID.x;
    uint start = tile * TILE;
    uint valid = min(TILE, p.n - start);
    // This invocation's 12 consecutive keys, in registers for the first split (16-byte loads).
    // Keys past n are the largest image: they sort to the tile's end and are not written.
    uint k[KEYS_PER_INVOCATION];
    uint first = l * KEYS_PER_INVOCATION;
    if (first + KEYS_PER_INVOCATION <= valid) {
        for (uint q = 0u; q < KEYS_PER_INVOCATION / 4u; ++q) {
            uvec4 v = keys4[(start + first) / 4u + q];
            for (uint c = 0u; c < 4u; ++c) k[4u * q + c] = to_key(v[c]);
        }
    } else {
        for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) k[j] = first + j < valid ? to_key(keys[start + first + j]) : 0xFFFFFFFFu;
    }
    // With values: sort (digit << 12 | place) instead (places < 4096; past n, digit 255 and the
    // last places: still sorted last).
    if (WITH_VALUES) {
        for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) k[j] = (((k[j] >> p.shift) & 0xFFu) << 12u) | (first + j);
    }
    uint bit0 = WITH_VALUES ? 12u : p.shift;
    // Invocation l handles digit l: x scans the tile's counts (the digit's start in the sorted
    // tile), y the digits' totals (the digit's start in the output).
    uint row = l * p.tiles + tile;
    uvec4 total;
    uvec4 before = group_exclusive_scan(uvec4(tile_counts[row], digit_totals[l], 0u, 0u), total);
    digit_place[l] = before.y + tile_offsets[row] - before.x;
    barrier(); // scan_sums free
    // Three splits: bits 0-2, 3-5, 6-7 of the digit.
    for (uint bit = 0u; bit < 8u; bit += 3u) {
        if (bit > 0u) {
            for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) k[j] = tile_keys[slot(first + j)];
        }
        split(bit0 + bit, bit < 6u ? 3u : 2u, k);
    }
    for (uint r = 0u; r < KEYS_PER_INVOCATION; ++r) {
        uint at = r * 256u + l;
        if (at < valid) {
            uint key = tile_keys[slot(at)];
            if (WITH_VALUES) {
                uint from = start + (key & 0xFFFu), place = digit_place[key >> 12u] + at;
                sorted[place] = keys[from];
                sorted_values[place] = values[from];
            } else {
                sorted[digit_place[(key >> p.shift) & 0xFFu] + at] = from_key(key);
            }
        }
    }
}
