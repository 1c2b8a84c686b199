// A radix pass's work on one tile, shared by radix_scatter.comp and radix_onesweep.comp: load its
// keys, rank them by the digit (matched digits, as CUB's onesweep: rank_tile), and write them out
// at digit_place[digit] + their place in the sorted tile. The includer includes radix_common.glsl
// and sort_key.glsl, declares WITH_VALUES (constant_id 2) and the buffers keys, sorted, values and
// sorted_values, and sets digit_place before write_out.

// The tile's keys (images) sorted by the digit, one word skipped every 32 (bank spread). While the
// tile is ranked, where they fit (COUNTS_IN_TILE), its first words hold the subgroups' digit
// counts instead: shared memory is what limits this kernel's groups per multiprocessor (NVIDIA
// gives a compute pipeline 48 KiB a multiprocessor: 2 groups of 22.6 KiB, the scatter's, or of
// 23.6 KiB, onesweep's), and a separate array cost a group (docs/sort.md, thirty-ninth session).
shared uint tile_keys[TILE + TILE / 32u];
uint slot(uint at) { return at + (at >> 5u); }

// Per digit: its first place in the output less its first place in the sorted tile (mod 2^32;
// n or more: its keys are not written, see write_out).
shared uint digit_place[DIGITS];

// The place in the tile of this invocation's key j: each subgroup ranks a run of
// gl_SubgroupSize x KEYS_PER_INVOCATION consecutive keys, round j reading one key per invocation
// (subgroup-striped, so that a round's keys are in invocation order).
uint key_place(uint j) { return (gl_SubgroupID * KEYS_PER_INVOCATION + j) * gl_SubgroupSize + gl_SubgroupInvocationID; }

// The tile's words at this invocation's places (key_place), as the pass reads them (of TYPE).
// Past n: the word whose image is the largest, so that it sorts to the tile's end (not written).
void load_words(uint start, uint valid, out uint k[KEYS_PER_INVOCATION]) {
    if (valid == TILE) {
        [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) k[j] = keys[start + key_place(j)];
    } else {
        [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) {
            uint at = key_place(j);
            k[j] = at < valid ? keys[start + at] : from_key(0xFFFFFFFFu);
        }
    }
}

// The words the ranking sorts, from load_words': the keys' images, or with values
// (digit << 12 | place) (places < 4096; past n, digit 255 and the last places: still sorted last).
void sort_words(inout uint k[KEYS_PER_INVOCATION]) {
    [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) {
        k[j] = to_key(k[j]);
        if (WITH_VALUES) k[j] = (((k[j] >> p.shift) & 0xFFu) << PLACE_BITS) | key_place(j);
    }
}

// The tile's sort words (load_words, then sort_words).
void load_keys(uint start, uint valid, out uint k[KEYS_PER_INVOCATION]) {
    load_words(start, valid, k);
    sort_words(k);
}

// The digit of a sort word (sort_words).
uint digit_of(uint k) { return WITH_VALUES ? k >> PLACE_BITS : (k >> p.shift) & 0xFFu; }

// At most this many subgroups in a group: 256 / the device's smallest subgroup size (constant 9,
// set by the host).
layout(constant_id = 9) const uint MAX_SUBGROUPS = 8u;
// The ranking counts in rows, a row per subgroup, or with more than 16 subgroups (subgroups below
// 16, as lavapipe's of 8) a row per ROW_SUBGROUPS consecutive subgroups, which rank one after
// another.
const uint MAX_ROWS = MAX_SUBGROUPS < 16u ? MAX_SUBGROUPS : 16u;
const uint ROW_SUBGROUPS = MAX_SUBGROUPS / MAX_ROWS;
// The rows, a word per digit, fit in tile_keys: 16 rows are 4096 words, and a tile 5280. Else
// (tiles below 4096 keys with subgroups below 16) they would be 16-bit halves of the words of
// subgroup_counts, advanced with atomics (the two digits of a word may advance in the same round),
// and that array sized for them (constant 10: its words, 1 where unused). No device takes that
// path with this TILE; it stays because the kernels without it came out of NVIDIA's compiler
// with the ranking loop's instructions in another order, and the sort took 1.5% longer at 2^24
// and 2^26 keys on the H100 (docs/sort.md, forty-first session).
const bool COUNTS_IN_TILE = MAX_ROWS * DIGITS <= TILE + TILE / 32u;
layout(constant_id = 10) const uint SUBGROUP_COUNT_WORDS = 1u;
shared uint subgroup_counts[SUBGROUP_COUNT_WORDS];

// Subgroups sharing a row of counts (1 wherever subgroups are 16 or wider: folded away).
uint subgroups_per_row() { return ROW_SUBGROUPS == 1u ? 1u : min(ROW_SUBGROUPS, gl_NumSubgroups); }

uint count_of(uint i) { return COUNTS_IN_TILE ? tile_keys[i] : (subgroup_counts[i >> 1u] >> (16u * (i & 1u))) & 0xFFFFu; }

// Sorts the tile by the digit into tile_keys, stably, by matched digits (CUB's WARP_MATCH_ANY).
// Each subgroup ranks its run of keys (key_place) in rounds of one key per invocation (with more
// than 16 subgroups, the subgroups of a row in turn, each continuing the row's counts): the
// invocations holding one digit find each other with eight ballots; a key's rank among the
// subgroup's keys of its digit is the subgroup's count of the digit so far plus those of them
// before it, and the last of them advances the count. Then each digit's counts are summed over
// the subgroups, from the digit's start in the sorted tile (`digit_start`: the start of digit
// lane_index()), and each key goes to its place. One pass over the keys, where three stable
// splits (3, 3 and 2 bits) took 1.9 times the instructions. Needs scan_sums free. `words`: k holds
// load_words' words, made sort words here, where the ranking first needs them (converted right
// after their loads, as load_keys does, i32 and f32 keys held each invocation until its loads
// had landed, before the work that does not need them, and took 4-8% longer than u32 keys:
// docs/sort.md, fortieth session); else k holds load_keys' sort words.
// rank_tile in two halves: rank_rounds counts the keys into the rows (each key's rank among its
// row's keys of its digit in `rank`; k made sort words where `words`), then, after a barrier,
// rows_count gives the tile's count of a digit, and rank_places puts each key at its place.
void rank_rounds(inout uint k[KEYS_PER_INVOCATION], bool words, out uint rank[KEYS_PER_INVOCATION]) {
    uint l = lane_index();
    uint row_subgroups = subgroups_per_row();
    uint row = gl_SubgroupID / row_subgroups;
    if (COUNTS_IN_TILE) {
        for (uint i = l; i < MAX_ROWS * DIGITS; i += 256u) tile_keys[i] = 0u;
    } else {
        for (uint i = l; i < SUBGROUP_COUNT_WORDS; i += 256u) subgroup_counts[i] = 0u;
    }
    for (uint turn = 0u; turn < row_subgroups; ++turn) {
        barrier(); // counts zeroed, or the row's subgroups before this one done
        if (gl_SubgroupID % row_subgroups != turn) continue; // uniform in the subgroup
        if (words) sort_words(k);
        [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) {
            uint d = digit_of(k[j]);
            uvec4 peers = uvec4(0xFFFFFFFFu);
            [[unroll]] for (uint b = 0u; b < 8u; ++b) {
                bool bit = ((d >> b) & 1u) != 0u;
                uvec4 votes = subgroupBallot(bit);
                peers &= bit ? votes : ~votes;
            }
            uint below = subgroupBallotBitCount(peers & gl_SubgroupLtMask);
            uint at = row * DIGITS + d;
            uint before = count_of(at);
            subgroupBarrier(); // every invocation has read the count before it advances
            if (subgroupBallotFindMSB(peers) == gl_SubgroupInvocationID) {
                if (COUNTS_IN_TILE) {
                    tile_keys[at] = before + below + 1u;
                } else {
                    atomicAdd(subgroup_counts[at >> 1u], (below + 1u) << (16u * (at & 1u)));
                }
            }
            subgroupBarrier(); // advanced before the next round reads it
            rank[j] = before + below;
        }
    }
}

// The tile's keys of digit l: its rows' counts summed (after rank_rounds and a barrier).
uint rows_count(uint l) {
    uint row_subgroups = subgroups_per_row();
    uint c = 0u;
    for (uint r = 0u; r < gl_NumSubgroups / row_subgroups; ++r) c += count_of(r * DIGITS + l);
    return c;
}

void rank_places(uint digit_start, uint k[KEYS_PER_INVOCATION], uint rank[KEYS_PER_INVOCATION]) {
    uint l = lane_index();
    uint row_subgroups = subgroups_per_row();
    uint row = gl_SubgroupID / row_subgroups;
    // Digit l's keys in the rows before each row, from the digit's start: the places of the rows'
    // first keys of it.
    scan_sums[l >> 2u][l & 3u] = digit_start;
    barrier(); // every row's counts are complete
    uint rows = gl_NumSubgroups / row_subgroups;
    if (COUNTS_IN_TILE) {
        uint run = digit_start;
        for (uint r = 0u; r < rows; ++r) {
            uint c = tile_keys[r * DIGITS + l];
            tile_keys[r * DIGITS + l] = run;
            run += c;
        }
    } else if (l < DIGITS / 2u) {
        // Digits 2l and 2l + 1 at once (places below 2^16: no carry between the halves).
        uint run = scan_sums[l >> 1u][2u * (l & 1u)] | (scan_sums[l >> 1u][2u * (l & 1u) + 1u] << 16u);
        for (uint r = 0u; r < rows; ++r) {
            uint c = subgroup_counts[r * (DIGITS / 2u) + l];
            subgroup_counts[r * (DIGITS / 2u) + l] = run;
            run += c;
        }
    }
    barrier(); // the places of the rows' first keys are known
    [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) rank[j] += count_of(row * DIGITS + digit_of(k[j]));
    barrier(); // every count read before the sorted tile overwrites them
    [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) tile_keys[slot(rank[j])] = k[j];
    barrier(); // the sorted tile is complete
}

void rank_tile(uint digit_start, uint k[KEYS_PER_INVOCATION], bool words) {
    uint rank[KEYS_PER_INVOCATION];
    rank_rounds(k, words, rank);
    rank_places(digit_start, k, rank);
}

// Consecutive invocations write consecutive places of one digit's run (coalesced). With values
// each key and its value are fetched from their place in the input (this group just read it).
// With SKIP_PAST_N defined (radix_onesweep.comp), places past n are not written: the digits
// whose look-back gave up. (The scatter goes without the check: with it, it took 4% longer on
// the H200.)
void write_key(uint start, uint at) {
    uint key = tile_keys[slot(at)];
    uint place = digit_place[digit_of(key)] + at;
#ifdef SKIP_PAST_N
    if (place >= p.n) return;
#endif
    if (WITH_VALUES) {
        uint from = start + (key & ((1u << PLACE_BITS) - 1u));
        sorted[place] = keys[from];
        sorted_values[place] = values[from];
    } else {
        sorted[place] = from_key(key);
    }
}

// Whole tiles (all but a run's last) without a check per key.
void write_out(uint start, uint valid, uint l) {
    if (valid == TILE) {
        [[unroll]] for (uint r = 0u; r < KEYS_PER_INVOCATION; ++r) write_key(start, r * 256u + l);
    } else {
        for (uint r = 0u; r < KEYS_PER_INVOCATION; ++r) {
            if (r * 256u + l < valid) write_key(start, r * 256u + l);
        }
    }
}
