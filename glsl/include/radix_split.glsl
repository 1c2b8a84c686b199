// A radix pass's work on one tile, shared by radix_scatter.comp and radix_onesweep.comp: load its
// keys, rank them by the digit in shared memory (three stable splits of 3, 3 and 2 bits, each a
// group scan of packed counts), and write them out at digit_place[digit] + their place in the
// sorted tile. The includer includes radix_common.glsl and sort_key.glsl, declares
// WITH_VALUES (constant_id 2) and the buffers keys, keys4 (the same as uvec4), sorted, values and
// sorted_values, and sets digit_place before write_out.

// The tile's keys (images), one word skipped every 32 so that an invocation's 12 consecutive
// keys and its neighbours' fall in different banks.
shared uint tile_keys[TILE + TILE / 32u];
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

// Per digit: its first place in the output less its first place in the sorted tile (mod 2^32;
// n or more: its keys are not written, see write_out).
shared uint digit_place[DIGITS];

// The tile's keys (images) at this invocation's 12 consecutive places (16-byte loads). Keys past
// n are the largest image: they sort to the tile's end and are not written. With values: the
// word sorted is (digit << 12 | place) instead (places < 4096; past n, digit 255 and the last
// places: still sorted last).
void load_keys(uint start, uint valid, uint first, out uint k[KEYS_PER_INVOCATION]) {
    if (first + KEYS_PER_INVOCATION <= valid) {
        for (uint q = 0u; q < KEYS_PER_INVOCATION / 4u; ++q) {
            uvec4 v = keys4[(start + first) / 4u + q];
            for (uint c = 0u; c < 4u; ++c) k[4u * q + c] = to_key(v[c]);
        }
    } else {
        for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) k[j] = first + j < valid ? to_key(keys[start + first + j]) : 0xFFFFFFFFu;
    }
    if (WITH_VALUES) {
        for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) k[j] = (((k[j] >> p.shift) & 0xFFu) << 12u) | (first + j);
    }
}

// The digit of a word that load_keys gave.
uint digit_of(uint k) { return WITH_VALUES ? k >> 12u : (k >> p.shift) & 0xFFu; }

// Sorts the tile by the digit into tile_keys: bits 0-2, 3-5, 6-7 of the digit (stable).
void rank_tile(uint first, uint k[KEYS_PER_INVOCATION]) {
    uint bit0 = WITH_VALUES ? 12u : p.shift;
    for (uint bit = 0u; bit < 8u; bit += 3u) {
        if (bit > 0u) {
            for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) k[j] = tile_keys[slot(first + j)];
        }
        split(bit0 + bit, bit < 6u ? 3u : 2u, k);
    }
}

// Consecutive invocations write consecutive places of one digit's run (coalesced). With values
// each key and its value are fetched from their place in the input (this group just read it).
// With SKIP_PAST_N defined (radix_onesweep.comp), places past n are not written: the digits
// whose look-back gave up. (The scatter goes without the check: with it, it took 4% longer on
// the H200.)
void write_out(uint start, uint valid, uint l) {
    for (uint r = 0u; r < KEYS_PER_INVOCATION; ++r) {
        uint at = r * 256u + l;
        if (at < valid) {
            uint key = tile_keys[slot(at)];
            uint place = digit_place[digit_of(key)] + at;
#ifdef SKIP_PAST_N
            if (place >= p.n) continue;
#endif
            if (WITH_VALUES) {
                uint from = start + (key & 0xFFFu);
                sorted[place] = keys[from];
                sorted_values[place] = values[from];
            } else {
                sorted[place] = from_key(key);
            }
        }
    }
}
