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

// Per digit: its first place in the output less its first place in the sorted tile (mod 2^32;
// n or more: its keys are not written, see write_out).
shared uint digit_place[DIGITS];

// The place in the tile of this invocation's key j: each subgroup ranks a run of
// gl_SubgroupSize x KEYS_PER_INVOCATION consecutive keys, round j reading one key per invocation
// (subgroup-striped, so that a round's keys are in invocation order).
uint key_place(uint j) { return (gl_SubgroupID * KEYS_PER_INVOCATION + j) * gl_SubgroupSize + gl_SubgroupInvocationID; }

// The tile's keys (images) at this invocation's places (key_place). Keys past n are the largest
// image: they sort to the tile's end and are not written. With values: the word sorted is
// (digit << 12 | place) instead (places < 4096; past n, digit 255 and the last places: still
// sorted last).
void load_keys(uint start, uint valid, out uint k[KEYS_PER_INVOCATION]) {
    [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) {
        uint at = key_place(j);
        k[j] = at < valid ? to_key(keys[start + at]) : 0xFFFFFFFFu;
        if (WITH_VALUES) k[j] = (((k[j] >> p.shift) & 0xFFu) << 12u) | at;
    }
    if (valid == 0u) k[0] = keys4[0].x; // EXPERIMENT: keeps binding 5 in the interface
}

// The digit of a word that load_keys gave.
uint digit_of(uint k) { return WITH_VALUES ? k >> 12u : (k >> p.shift) & 0xFFu; }

// At most this many subgroups in a group: 256 / the device's smallest subgroup size (constant 9,
// set by the host), so that the counts below fit.
layout(constant_id = 9) const uint MAX_SUBGROUPS = 8u;

// Per subgroup, per digit (16 bits, digits 2w and 2w + 1 in word w of the subgroup's row): during
// the rounds, the subgroup's keys of the digit ranked so far; after, the place in the sorted tile
// of the subgroup's first key of the digit.
shared uint subgroup_counts[MAX_SUBGROUPS * DIGITS / 2u];

// Sorts the tile by the digit into tile_keys, stably, by matched digits (CUB's WARP_MATCH_ANY):
// in each round, the invocations of a subgroup holding one digit find each other with eight
// ballots; a key's rank among the subgroup's keys of its digit is the count so far plus those of
// them before it, and the last of them advances the count. Then each digit's counts are summed
// over the subgroups, from its start in the sorted tile (`digit_start`: this invocation's digit,
// lane_index()), and each key goes to its place. Needs scan_sums free.
void rank_tile(uint digit_start, uint k[KEYS_PER_INVOCATION]) {
    uint l = lane_index(), sg = gl_SubgroupID;
    for (uint w = l; w < MAX_SUBGROUPS * DIGITS / 2u; w += 256u) subgroup_counts[w] = 0u;
    scan_sums[l >> 2u][l & 3u] = digit_start;
    barrier(); // counts zeroed, starts stored
    uint rank[KEYS_PER_INVOCATION];
    [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) {
        uint d = digit_of(k[j]);
        uvec4 peers = uvec4(0xFFFFFFFFu);
        [[unroll]] for (uint b = 0u; b < 8u; ++b) {
            bool bit = ((d >> b) & 1u) != 0u;
            uvec4 votes = subgroupBallot(bit);
            peers &= bit ? votes : ~votes;
        }
        uint below = subgroupBallotBitCount(peers & gl_SubgroupLtMask);
        uint word = sg * (DIGITS / 2u) + (d >> 1u), half_shift = 16u * (d & 1u);
        uint before = (subgroup_counts[word] >> half_shift) & 0xFFFFu;
        subgroupBarrier(); // every invocation has read the count before it advances
        if (subgroupBallotFindMSB(peers) == gl_SubgroupInvocationID) atomicAdd(subgroup_counts[word], (below + 1u) << half_shift);
        subgroupBarrier(); // advanced before the next round reads it
        rank[j] = before + below;
    }
    barrier(); // every subgroup's counts are complete
    if (l < DIGITS / 2u) {
        // Digits 2l and 2l + 1, packed (places below 2^16: no carry between the halves).
        uint run = scan_sums[l >> 1u][2u * (l & 1u)] | (scan_sums[l >> 1u][2u * (l & 1u) + 1u] << 16u);
        for (uint s = 0u; s < gl_NumSubgroups; ++s) {
            uint c = subgroup_counts[s * (DIGITS / 2u) + l];
            subgroup_counts[s * (DIGITS / 2u) + l] = run;
            run += c;
        }
    }
    barrier(); // every subgroup's first places are known
    [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) {
        uint d = digit_of(k[j]);
        uint first = (subgroup_counts[sg * (DIGITS / 2u) + (d >> 1u)] >> (16u * (d & 1u))) & 0xFFFFu;
        tile_keys[slot(first + rank[j])] = k[j];
    }
    barrier(); // the sorted tile is complete
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
