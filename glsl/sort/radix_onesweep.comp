#version 450
// Onesweep radix sort, one pass (ours, after Adinets & Merrill's Onesweep): the keys are read
// once per pass, where the three-step radix reads them twice (count, then scatter). A group
// draws its tile from a ticket, counts the tile's keys of each digit value and publishes each
// count as soon as it has it (AGGREGATE), ranks the tile by the digit in shared memory
// (radix_tile.glsl, as radix_scatter.comp), and only then looks back (its predecessors have had
// that long to publish): invocation d sums digit d's counts of the tiles before, walking back
// over AGGREGATEs (WINDOW words a step) to the nearest INCLUSIVE, and publishes its own
// INCLUSIVE. A key's place is its digit's start in the output (the totals of
// radix_digit_counts.comp) + the digit's keys in the tiles before + its rank among the tile's
// keys of the digit.
// Tiles come from an atomic ticket, not gl_WorkGroupID: every tile a group waits for was drawn
// by a group already running, so waiting cannot deadlock where running groups keep running.
// A look-back is bounded (walk_limit steps, spins and steps together: llvmpipe leaves a loop
// silently past 65535 iterations per invocation). One that gives up publishes ABORTED
// (walks that meet it give up too), counts itself in gave_up, sets the fallback's sizes, and its
// digit's keys of this tile are not written. The host records the three-step pass after this
// one on CPU devices, so the result is exact either way; on GPUs the bound is under a second of
// waiting, and the host reports a pass that gave up.
#extension GL_GOOGLE_include_directive : require
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const bool WITH_VALUES = false;
#include "radix_common.glsl"
#include "sort_key.glsl"
layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, binding = 1) buffer DigitTotals { uint digit_totals[]; }; // pass-major
layout(std430, binding = 2) writeonly buffer Sorted { uint sorted[]; };
layout(std430, binding = 3) readonly buffer Values { uint values[]; };
layout(std430, binding = 4) writeonly buffer SortedValues { uint sorted_values[]; };
#define STATE_BINDING 5
#include "radix_onesweep.glsl"
#define SKIP_PAST_N
#include "radix_tile.glsl"
#define COUNT_BINDING 6
#include "device_count.glsl"

shared uint tile_shared;
shared bool last_shared;
shared uint tile_count[DIGITS]; // with values (sort_tile)

// After this many iterations of one walk, each spin also makes 256 reads that count as no loop
// iterations (time passes on a CPU device without using up llvmpipe's limit).
const uint BACKOFF_AFTER = 256u;
#define R4(x) x x x x

// Predecessors' words read at once by one step of a look-back. On the H200 (2^26 keys, tiles of
// 3072) a walk reached 16 tiles back on average: one word per step took 3.04 ms, 4 words 2.88,
// 8 words 2.91. With tiles of 5120 on the H100: 2 words 2.2762 ms, 4 2.2309, 8 2.1615, 12
// 2.1934, 16 2.1937 (u32; docs/sort.md, forty-first session).
const uint WINDOW = 8u;
// 1 (a diagnosis): tiles publish only their counts, never their INCLUSIVE, so that every
// look-back walks back to tile 0 (the tests' way to exercise long walks).
layout(constant_id = 3) const uint LONG_WALKS = 0u;

// 1 (a diagnosis): every odd tile publishes its counts only once the next tile's look-back has
// ended (its INCLUSIVE or ABORTED; see wait_for_next), so that the next tile's
// walk meets a tile that has not published and must wait (the tests' way to check that it does).
layout(constant_id = 4) const uint LATE_PUBLISH = 0u;

// 1 (tests only): every tile checks that its status word is still 0 when it publishes (pad[1]
// set if not: a run before left a word this run did not reset, which a walk might have taken).
layout(constant_id = 5) const uint CHECK_STATE = 0u;

// LATE_PUBLISH's wait: until digit d of the tile after `tile` has ended its look-back, for at
// most 64 walks' worth of steps (that tile may have to be drawn, loaded and ranked first; at
// most 60000 steps, under llvmpipe's loop limit).
void wait_for_next(uint region, uint tile, uint d) {
    uint limit = min(64u * p.walk_limit, 60000u);
    uint it = 0u;
    for (; it < limit; ++it) {
        uint flag = status[status_at(region, tile + 1u, d)] & FLAGS;
        if (flag == INCLUSIVE || flag == ABORTED) break;
        if (it >= BACKOFF_AFTER) {
            uint junk = 0u;
            R4(R4(R4(R4(junk += status[status_at(region, tile + 1u, d)];))))
            if (junk == 1u) it += 0u;
        }
    }
    // An atomic that adds nothing, on the loop's outcome: the compiler keeps the loop (a wait
    // whose result is unused would otherwise be removed as dead code).
    if (it < limit) atomicAdd(pad[0], 0u);
}

// Digit d's keys in the tiles before `tile` (> 0), or GAVE_UP. Each step reads the WINDOW
// nearest words not yet summed at once, sums the AGGREGATEs up to the first word that is not
// one, and ends at an INCLUSIVE; it waits (re-reads) at a tile that has not published.
const uint GAVE_UP = 0xFFFFFFFFu;
uint look_back(uint region, uint tile, uint d) {
    uint sum = 0u, j = tile - 1u, junk = 0u;
    for (uint it = 0u; it < p.walk_limit; ++it) {
        uint w[WINDOW];
        for (uint q = 0u; q < WINDOW; ++q) w[q] = q <= j ? status[status_at(region, j - q, d)] : INCLUSIVE;
        uint taken = 0u;
        for (uint q = 0u; q < WINDOW; ++q) {
            uint flag = w[q] & FLAGS;
            if (flag == INCLUSIVE) return sum + (w[q] & VALUE);
            if (flag == ABORTED) return GAVE_UP;
            if (flag == 0u) break;
            sum += w[q] & VALUE; // AGGREGATE; tile 0 publishes INCLUSIVE at once: j - q >= 0
            taken = q + 1u;
        }
        j -= taken;
        if (taken == 0u && it >= BACKOFF_AFTER) {
            R4(R4(R4(R4(junk += status[status_at(region, j, d)];))))
        }
    }
    return GAVE_UP + 0u * junk;
}

// Looks back for digit d of `tile` and publishes its INCLUSIVE (or ABORTED): the digit's keys in
// the tiles before, or GAVE_UP.
uint resolve(uint region, uint tile, uint d, uint count, uint pass) {
    uint prefix = tile == 0u ? 0u : look_back(region, tile, d);
    if (prefix == GAVE_UP) {
        status[status_at(region, tile, d)] = ABORTED;
        atomicAdd(gave_up[pass], 1u);
        uint sizes[9] = uint[9](p.tiles, 1u, 1u, DIGITS, 1u, 1u, p.tiles, 1u, 1u);
        for (uint i = 0u; i < 9u; ++i) fallback[9u * pass + i] = sizes[i];
    } else if (tile > 0u && LONG_WALKS == 0u) {
        status[status_at(region, tile, d)] = INCLUSIVE | (prefix + count);
    }
    return prefix;
}

// One tile of a pass: counted, published, ranked, looked back for, written. Keys only, the
// tile's counts are its ranking's rows, summed after the ranking's rounds (rank_rounds) and
// published then; with values, a histogram of shared atomics counts them before the ranking.
// (On the H100 the rows' counts made keys-only sorts 2.5-4% faster at 2^16 keys and 1% at 2^22
// and 2^26, within 1.5% either way at 2^20, and sorts with values 2.5-3% slower: docs/sort.md,
// forty-third session.)
void sort_tile(uint tile, uint ntiles, uint n, uint region, uint pass, uint l) {
    uint start = tile * TILE;
    uint valid = min(TILE, n - start);
    uint k[KEYS_PER_INVOCATION], rank[KEYS_PER_INVOCATION];
    load_keys(start, valid, k);
    uint count;
    if (WITH_VALUES) {
        [[unroll]] for (uint j = 0u; j < KEYS_PER_INVOCATION; ++j) {
            if (key_place(j) < valid) atomicAdd(tile_count[digit_of(k[j])], 1u);
        }
        barrier(); // the tile's counts are complete
        count = tile_count[l];
    } else {
        rank_rounds(k, false, rank);
        barrier(); // every row's counts are complete
        // Keys past n were ranked as digit 255 (load_words): not the tile's.
        count = rows_count(l) - (l == DIGITS - 1u ? TILE - valid : 0u);
    }
    if (LATE_PUBLISH != 0u && (tile & 1u) == 1u && tile + 1u < ntiles) wait_for_next(region, tile, l);
    if (CHECK_STATE != 0u && status[status_at(region, tile, l)] != 0u) atomicOr(pad[1], 1u);
    status[status_at(region, tile, l)] = (tile == 0u ? INCLUSIVE : AGGREGATE) | count;
    // Invocation l handles digit l: x scans the tile's counts (the digit's start in the sorted
    // tile), y the digits' totals (the digit's start in the output).
    uvec4 total;
    uvec4 before = group_exclusive_scan(uvec4(count, digit_totals[pass * DIGITS + l], 0u, 0u), total);
    barrier(); // scan_sums free
    if (WITH_VALUES) {
        rank_tile(before.x, k, false);
    } else {
        rank_places(before.x, k, rank);
    }
    // Only now look back: the tiles before have had the ranking's time to publish (looking back
    // before ranking took 3.17 ms on the H200 at 2^26, against 2.88).
    uint prefix = resolve(region, tile, l, count, pass);
    digit_place[l] = prefix == GAVE_UP ? p.n : before.y + prefix - before.x; // p.n: not written
    barrier(); // digit_place is complete
    write_out(start, valid, l);
}

void main() {
    uint l = lane_index();
    uint pass = p.shift >> 3u, region = pass & 1u;
    if (l == 0u) tile_shared = atomicAdd(ticket[pass], 1u);
    tile_count[l] = 0u;
    // A counted run's grid covers p.tiles; the tiles past its keys sort nothing (no tile before
    // them waits for them: tickets are drawn in order), and their words are not reset (this run
    // uses none of them; a run resets every word it uses before it uses it).
    uint n = counted_n(p.counted != 0u, p.n);
    uint ntiles = (n + TILE - 1u) / TILE;
    // The next pass's region: this group resets one tile's words (the pass before read them).
    if (gl_WorkGroupID.x < ntiles) status[status_at(region ^ 1u, gl_WorkGroupID.x, l)] = 0u;
    barrier(); // the ticket is drawn, the counts zeroed
    uint tile = tile_shared;
    if (tile < ntiles) sort_tile(tile, ntiles, n, region, pass, l); // uniform
    if (pass == 3u) {
        // The last group of the last pass zeroes the digit totals for the next run (every group
        // read its totals long before it counts itself done). A fence in every invocation: a fence
        // orders its own invocation's accesses only, and barrier() shared memory only.
        memoryBarrierBuffer();
        barrier(); // every invocation's reads of the totals are ordered before the count
        if (l == 0u) {
            last_shared = atomicAdd(done, 1u) == p.tiles - 1u;
            memoryBarrierBuffer();
        }
        barrier();
        if (last_shared) {
            for (uint i = l; i < 4u * DIGITS; i += 256u) digit_totals[i] = 0u;
            if (l == 0u) done = 0u;
        }
    }
}
