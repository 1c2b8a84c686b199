// stable-lookback's fallback, run inside the look-back kernel by the group that finishes last:
// when a tile gave up, that group compacts, in order, from the first tile that gave up to the
// end of the range. No extra dispatch or barrier when nothing gave up (the rule on a GPU at
// work): each group only counts itself done. (Reduce's single-pass ends the same way.)
// Not on CPU devices (TAIL = 0 there; the host records `stable`'s three passes instead):
// llvmpipe's loop limiter counts every loop iteration of an invocation (65535 at most, then loops
// are left silently), and a long tail after long walks would be cut short.
// Why only the tail: every tile before the first one that gave up is INCLUSIVE and has written its
// output (both before its group counted itself done); no tile after it can have become INCLUSIVE
// without its AGGREGATE, so it either gave up or found the right prefix and wrote the same values
// the tail writes again. The prefix at the start is the INCLUSIVE word of the tile before, or,
// when the tail began in an earlier range, the carry that range's tail left. One group is slow,
// but it runs only when a wait gave up (never seen on a GPU at work), and it is exact.
// The including shader has: lookback_walk.glsl (the state), stable_tile.glsl (load4, pass_mask,
// ROUNDS), compact_common.glsl, the Count binding, p.n / p.tile_base / p.range / p.ranges, TAIL (constant_id
// 18: 1 this fallback; 0 none here: recorded by the host, or none at all for timing),
// LOOKBACK_TILE (elements per look-back tile) and TAIL_SUMS (a shared uvec2 array with a slot per
// subgroup).
layout(constant_id = 18) const uint TAIL = 1u;
shared bool tail_runs;

#define RANK_SUMS TAIL_SUMS
#include "tile_rank.glsl" // field(), rank_in_group()

// The whole group, in uniform control flow.
void compact_tail() {
    uint first = ~first_gave_up;
    uint ntiles = (p.n + LOOKBACK_TILE - 1u) / LOOKBACK_TILE;
    if (first >= p.tile_base + ntiles) return; // uniform: the tail starts after this range
    uint start = 0u, base = carry;
    if (first >= p.tile_base) {
        start = (first - p.tile_base) * LOOKBACK_TILE;
        base = first == 0u ? 0u : status[INCL_WORD(first - 1u)] & VALUE;
    }
    uint t = gl_LocalInvocationID.x, L = gl_WorkGroupSize.x;
    for (uint c4 = start / 4u; 4u * c4 < p.n; c4 += ROUNDS * L) {
        // Count each round's kept elements (16-bit fields of a pair), rank them in the group.
        uvec4 v[ROUNDS];
        uint m[ROUNDS];
        uvec2 c = uvec2(0u);
        for (uint r = 0u; r < ROUNDS; ++r) {
            v[r] = load4(c4 + r * L + t);
            m[r] = pass_mask(v[r]);
            c[r >> 1] += bitCount(m[r]) << (16u * (r & 1u));
        }
        barrier(); // TAIL_SUMS free (the kernel's last use, or the last chunk's reads)
        uvec2 at;
        uint chunk_count = rank_in_group(c, at);
        // In element order: each invocation's kept values at their rank.
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint k4 = base + field(at, r);
            for (uint k = 0u; k < 4u; ++k) {
                if ((m[r] & (1u << k)) != 0u) store_out(k4++, apply(v[r][k]));
            }
        }
        base += chunk_count;
    }
    if (t == 0u) {
        carry = base;
        count = base; // the last range's tail writes the final count
    }
}

// CLEAN (constant_id 19): 1 = the group that finishes a run's last range zeroes the state (but
// gave_up_runs) after its tail, so the host records no fill before the next run, only a barrier:
// a fill and its barrier cost 3-5 us per run on the H200, a fifth of a compaction of 2^20. 0 = the
// host fills it before every run (with the fallback recorded after the kernel, which reads args,
// or with a diagnosis, whose counters the host reads).
layout(constant_id = 19) const uint CLEAN = 0u;
// Status words per tile (the dealt grid: 2, defined before including this).
#ifndef WORDS_PER_TILE
#define WORDS_PER_TILE 1u
#endif
shared bool run_ends;

// The whole group, in uniform control flow, when every other group of the run has finished.
void clean_state() {
    uint ntiles = (p.n + LOOKBACK_TILE - 1u) / LOOKBACK_TILE;
    uint words = (p.tile_base + ntiles) * WORDS_PER_TILE; // every range's, this one last
    for (uint i = gl_LocalInvocationIndex; i < words; i += gl_WorkGroupSize.x * gl_WorkGroupSize.y) status[i] = 0u;
    if (gl_LocalInvocationIndex == 0u) {
        for (uint i = 0u; i < 6u; ++i) args[i] = 0u;
        for (uint i = 0u; i < 4u; ++i) {
            done[i] = 0u;
            ticket[i] = 0u;
        }
        for (uint i = 0u; i < 3u; ++i) pad[i] = 0u;
        first_gave_up = 0u;
        carry = 0u;
    }
}

// Every invocation of every group calls this last, in uniform control flow, after its writes.
void finish_group(uint groups) {
    // This group's status words and output before its count: a fence in every invocation (a
    // fence orders its own invocation's stores only, and barrier() shared memory only).
    memoryBarrierBuffer();
    barrier(); // every invocation's stores are ordered before the count
    if (gl_LocalInvocationIndex == 0u) {
        bool last = atomicAdd(done[p.range], 1u) + 1u == groups;
        memoryBarrierBuffer();
        tail_runs = TAIL == 1u && last && first_gave_up != 0u;
        run_ends = last && p.range + 1u == p.ranges;
        if (run_ends && first_gave_up != 0u) gave_up_runs += 1u; // the only writer of this run
    }
    barrier(); // tail_runs and run_ends are known
    if (tail_runs) compact_tail();
    if (CLEAN == 1u && run_ends) {
        barrier(); // every invocation has read the status words the tail starts from
        clean_state();
    }
}
