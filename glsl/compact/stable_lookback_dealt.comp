#version 450
// Ours: stable compaction in one pass by a persistent grid of G resident groups that are DEALT
// their tiles (group g takes tiles g, g + G, g + 2G, ... of the range, like cards), so no ticket
// and no walk: a tile's prefix is the inclusive prefix of the tile G before it (the same group's
// last tile, kept in a register) plus the counts of the G - 1 tiles between, which the whole
// group reads at once, one word per invocation, in one memory round trip.
// Per iteration, two barriers (three with one staging buffer):
//  1. issue the loads of the next tile (PREFETCH) and of the LAST tile's window: the G - 1 count
//     words before it, up to 2 per invocation, so their round trip overlaps the count;
//  2. count this tile; spin on any window word not yet published, sum the window per subgroup;
//     rank the tile in the group: that barrier also brings the window's sums, so the last tile's
//     prefix is known; publish this tile's count word;
//  3. write the last tile out from its staging buffer, publish its inclusive word, and stage this
//     tile in the other buffer (STAGING 2: no barrier between the write and the staging; 1: one
//     buffer and a barrier between); barrier.
// The counts a group waits for in step 2 are those of the previous round, published by every
// group one iteration earlier, so with all G groups resident no group waits on one that cannot
// run: deadlock-free where the grid fits the device at once (the host sizes it from the number
// of multiprocessors). Where it does not, the waits give up (bounded as the walks are) and the
// fallback (lookback_tail.glsl or the recorded passes) writes the result: exact either way.
// Each tile has two words: the count (read by the G - 1 tiles after it) and the inclusive prefix
// (read by the tail, and by the next range's first tiles); a tile whose own chain gave up has no
// prefix and publishes ABORTED there, and so does the group's every later tile; its counts still
// go out, so the other groups are not held up.
#define COUNT_WORD(t) (2u * (t))
#define INCL_WORD(t) (2u * (t) + 1u)
#define STAGE_BUFFERS STAGING
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_vote : require
// Staging buffers: 2 (the last tile is written from one while this one is staged in the other;
// no barrier between) or 1 (a barrier between; less shared memory, so the grid stays resident
// where the driver's shared-memory carveout is small).
layout(constant_id = 19) const uint STAGING = 1u;
#include "lookback_kernel.glsl"
// 1: load the next tile before counting this one (it is in flight through this tile's count,
// the last tile's wait and write).
layout(constant_id = 12) const uint PREFETCH = 1u;
shared uint window_sums[gl_WorkGroupSize.x]; // per subgroup: its part of the window, or GAVE_UP
uint spins = 0u; // DIAG 3: this invocation's re-reads of a count not yet published
const uint EARLY = 2u; // window words per invocation issued before the count (the rest, if G > 2L + 1, after)

void load_tile(uint tile, out uvec4 v[ROUNDS]) {
    for (uint r = 0u; r < ROUNDS; ++r) v[r] = load4(tile * tile_size() / 4u + r * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
}

// Tile gtile's window word at distance d (1 <= d < G), or a published 0 outside the window.
bool in_window(uint gtile, uint d) { return d < gl_NumWorkGroups.x && d <= gtile; }
uint window_word(uint gtile, uint d) { return in_window(gtile, d) ? status[COUNT_WORD(gtile - d)] : AGGREGATE; }

// Spins until the count word at distance d is published; its count, or GAVE_UP after walk_limit
// re-reads (the count a wait needs comes from a group that is not running).
uint wait_count(uint gtile, uint d, uint w) {
    for (uint it = 0u; (w & FLAGS) == 0u; ++it) {
        if (it >= p.walk_limit) return GAVE_UP;
        if (it >= BACKOFF_AFTER) { // long waits (CPU devices): time without loop iterations
            uint cw = COUNT_WORD(gtile - d);
            R4(R4(R4(R4(w |= status[cw];))))
        }
        w = status[COUNT_WORD(gtile - d)];
        spins++;
    }
    return w & VALUE;
}

// This invocation's part of tile gtile's window (the words `early` issued before, then the rest),
// summed over its subgroup into window_sums (GAVE_UP if a wait gave up or `gave`). The whole
// group, in uniform control flow; the caller's next barrier publishes window_sums.
void sum_window(uint gtile, uint early[EARLY], bool gave) {
    uint mine = 0u, L = gl_WorkGroupSize.x;
    gave = gave || (p.walk_limit == 0u && gtile > 0u); // walk_limit 0 (the tests' forced fallback)
    for (uint i = 0u; i < EARLY && !gave; ++i) {
        uint c = wait_count(gtile, 1u + gl_LocalInvocationID.x + i * L, early[i]);
        gave = c == GAVE_UP;
        mine += c;
    }
    for (uint d = 1u + gl_LocalInvocationID.x + EARLY * L; !gave && in_window(gtile, d); d += L) {
        uint c = wait_count(gtile, d, status[COUNT_WORD(gtile - d)]);
        gave = c == GAVE_UP;
        mine += c;
    }
    uint sum = subgroupAdd(mine);
    bool sg_gave = subgroupAny(gave);
    if (subgroupElect()) window_sums[gl_SubgroupID] = sg_gave ? GAVE_UP : sum;
}

// The prefix from `back` (the inclusive prefix of the tile G before: GAVE_UP if it gave up) and
// the window's sums (after a barrier).
uint prefix_from(uint back) {
    uint prefix = back;
    for (uint q = 0u; q < gl_NumSubgroups; ++q) {
        uint s = window_sums[q];
        prefix = prefix == GAVE_UP || s == GAVE_UP ? GAVE_UP : prefix + s;
    }
    return prefix;
}

// Writes the tile staged in buffer `buf` (local index tile, global gtile, tile_count kept) at
// `base` and publishes its inclusive word (or gives up). Returns its inclusive prefix.
uint write_tile(uint buf, uint tile, uint gtile, uint tile_count, uint ntiles, uint base) {
    tiles_done++;
    if (base != GAVE_UP) {
        write_staged(buf * tile_size(), base, tile_count, gl_LocalInvocationID.x, gl_WorkGroupSize.x);
        if (gl_LocalInvocationID.x == 0u) {
            status[INCL_WORD(gtile)] = INCLUSIVE | (base + tile_count);
            if (tile + 1u == ntiles) count = base + tile_count; // the range's last tile
        }
    } else if (gl_LocalInvocationID.x == 0u) {
        give_up(gtile);
    }
    return base == GAVE_UP ? GAVE_UP : base + tile_count;
}

void run_group() {
    uint t = gl_LocalInvocationID.x, G = gl_NumWorkGroups.x;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    uint tile = gl_WorkGroupID.x;
    if (tile >= ntiles) return; // uniform: the whole group leaves
    bool LOOK = DIAG != 1u && DIAG != 2u; // DIAG 1, 2: no window (each tile writes at its own start)
    // The inclusive prefix of the tile G before this group's first: none (0) in the first G
    // tiles of all, else a tile of an earlier range (final, behind the barrier between ranges).
    uint gfirst = p.tile_base + tile, back = 0u;
    if (gfirst >= G) {
        uint w = status[INCL_WORD(gfirst - G)];
        back = (w & FLAGS) == INCLUSIVE ? w & VALUE : GAVE_UP;
    }
    uvec4 v[ROUNDS], vn[ROUNDS];
    load_tile(tile, v);
    uint pending = NONE, pending_count = 0u; // the tile counted one iteration ago, not yet written
    for (uint k = 0u;; ++k) {
        uint gtile = p.tile_base + tile, next = tile + G, gpend = p.tile_base + pending;
        if (PREFETCH == 1u && next < ntiles) load_tile(next, vn);
        // 1. The last tile's window words, in flight through this tile's count.
        uint early[EARLY];
        for (uint i = 0u; i < EARLY; ++i) early[i] = pending != NONE && LOOK ? window_word(gpend, 1u + t + i * gl_WorkGroupSize.x) : AGGREGATE;
        uint first = tile * tile_size() / 4u + t; // this invocation's uvec4 of round 0

        // 2. Count this tile (packed 16-bit counts per round); the window's sums; rank the tile
        // (one barrier for both); publish its count at once.
        uvec2 c = uvec2(0u);
        for (uint r = 0u; r < ROUNDS; ++r) c[r >> 1] += bitCount(pass_mask(v[r], first + r * gl_WorkGroupSize.x)) << (16u * (r & 1u));
        if (pending != NONE && LOOK) sum_window(gpend, early, back == GAVE_UP);
        uvec2 at;
        uint tile_count = rank_in_group(c, at);
        if (t == 0u) status[COUNT_WORD(gtile)] = AGGREGATE | tile_count;

        // 3. Write the last tile out (buffer (k + 1) & 1), stage this one (buffer k & 1; with
        // one buffer both are 0, and a barrier comes between).
        uint buf = STAGING == 2u ? k & 1u : 0u;
        if (pending != NONE) {
            uint base = LOOK ? prefix_from(back) : pending * tile_size();
            back = write_tile(buf ^ (STAGING - 1u), pending, gpend, pending_count, ntiles, base);
            if (STAGING == 1u) barrier(); // stage[] written out
        }
        uint staged = buf * tile_size();
        for (uint r = 0u; r < ROUNDS; ++r) {
            uint k4 = staged + field(at, r);
            uint m = pass_mask(v[r], first + r * gl_WorkGroupSize.x);
            for (uint c4 = 0u; c4 < 4u; ++c4) {
                if ((m & (1u << c4)) != 0u) stage[k4++] = apply(v[r][c4]);
            }
        }
        barrier(); // this tile staged, the last one written out; sg_sum and window_sums read
        if (PREFETCH == 1u) {
            for (uint r = 0u; r < ROUNDS; ++r) v[r] = vn[r];
        } else if (next < ntiles) {
            load_tile(next, v);
        }
        pending = tile;
        pending_count = tile_count;
        if (next >= ntiles) {
            // The last tile: its window alone, then its write.
            uint gl = p.tile_base + pending;
            for (uint i = 0u; i < EARLY; ++i) early[i] = LOOK ? window_word(gl, 1u + t + i * gl_WorkGroupSize.x) : AGGREGATE;
            if (LOOK) sum_window(gl, early, back == GAVE_UP);
            barrier(); // window_sums complete
            write_tile(buf, pending, gl, pending_count, ntiles, LOOK ? prefix_from(back) : pending * tile_size());
            break; // uniform
        }
        tile = next;
    }
    if (DIAG == 3u) {
        uint s = subgroupAdd(spins);
        if (subgroupElect()) atomicAdd(pad[1], s);
        if (t == 0u) {
            atomicAdd(pad[0], tiles_done);
            atomicAdd(pad[1], tiles_done); // one window read per tile, plus the re-reads
        }
    }
}

void main() {
    run_group();
    finish_group(gl_NumWorkGroups.x);
}
