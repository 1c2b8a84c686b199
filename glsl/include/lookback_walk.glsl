// The decoupled look-back shared by stable_lookback.comp (persistent grid) and
// stable_lookback_tile.comp (one tile per workgroup): the state buffer, the status words and the
// walk of one subgroup over its predecessors' words. The including shader declares SLICES
// (constant_id 11), DIAG (constant_id 10) and the push constants with fallback_groups and walk_limit (see
// stable_lookback.glsl for the protocol and why the walk is bounded).
// args: two VkDispatchIndirectCommand (the recorded fallback's count/scatter and scan), zero
// unless a tile gave up; done: groups finished, per range (lookback_tail.glsl); ticket: one per
// range; gave_up_runs: runs in which a tile gave up (counted by the group that finishes the run,
// never zeroed by a run: the host compares it with the count it last read); pad[0..3]: DIAG 3's
// counters; first_gave_up: ~(the first tile that gave up), 0 if none; carry: the in-kernel
// fallback's running count; status: one word per tile of all ranges (the dealt grid: two).
// Everything but gave_up_runs is zero when a run starts: the host fills it before the kernel, or
// (CLEAN, lookback_tail.glsl) the group that finished the previous run zeroed it.
// coherent: other groups' stores are seen; volatile: every read goes to memory (a spin re-reads).
layout(std430, binding = 3) coherent volatile buffer State { uint args[6]; uint done[4]; uint ticket[4]; uint gave_up_runs; uint pad[3]; uint first_gave_up; uint carry; uint status[]; };

const uint AGGREGATE = 1u << 30, INCLUSIVE = 2u << 30, ABORTED = 3u << 30, FLAGS = 3u << 30, VALUE = 0x3FFFFFFFu;
const uint GAVE_UP = 0xFFFFFFFFu, NONE = 0xFFFFFFFFu;
// Where tile t's INCLUSIVE (or ABORTED) word is: status[t] for the walking kernels, whose one word
// per tile goes from AGGREGATE to INCLUSIVE; the dealt grid (stable_lookback_dealt.comp) keeps a
// count word and an inclusive word per tile and defines it before including this.
#ifndef INCL_WORD
#define INCL_WORD(t) (t)
#endif

uint peek(int tile) {
    if (tile < 0) return INCLUSIVE; // before the first tile: prefix 0
    return status[tile];
}

// This tile gives up: its successors will too (they meet ABORTED). The fallback is either the
// group that finishes last (lookback_tail.glsl: from the first tile that gave up, the smallest:
// atomicMax of its complement) or `stable`'s three passes that the host recorded after this
// kernel as indirect dispatches (their sizes set here).
void give_up(uint tile) {
    status[INCL_WORD(tile)] = ABORTED;
    atomicMax(first_gave_up, ~tile);
    uint a[6] = uint[6](p.fallback_groups, 1u, 1u, 1u, 1u, 1u);
    for (uint i = 0u; i < 6u; ++i) args[i] = a[i];
}

#ifdef LOOKBACK_WAIT
// Subgroup-clock ticks to wait before a walk's first read (so that the predecessors have
// published; CUB's select waits about 1.1 us with __nanosleep) and before re-reading a window
// that held a predecessor not yet published. GLSL has no sleep: the subgroup spins on the clock,
// touching no memory. Its loop iterations count against the walk's bound (llvmpipe's limiter).
layout(constant_id = 16) const uint WAIT_FIRST = 0u;
layout(constant_id = 17) const uint WAIT_POLL = 0u;
const uint WAIT_SPINS = 1024u; // at most, per wait
uint wait_ticks(uint ticks) {
    uint t0 = clock2x32ARB().x, i = 0u;
    for (; i < WAIT_SPINS; ++i) {
        if (clock2x32ARB().x - t0 >= ticks) break;
    }
    return i;
}
#endif

const uint BACKOFF_AFTER = 256u;
#define R4(x) x x x x
uint backoff(int j, uint s) {
    if (j < 0) return s;
    R4(R4(R4(R4(s |= status[j];))))
    return s;
}

// The exclusive prefix of tile `gtile` (> 0), or GAVE_UP. Called by the whole first subgroup.
// One read takes SLICES x gl_SubgroupSize predecessors at once (distance d = q x size + lane, for
// slice q), so a walk past the hundreds of tiles in flight takes few memory round trips. Two
// subgroupMin find the nearest tile that has not published and the nearest INCLUSIVE (or
// ABORTED); the AGGREGATEs before either are summed and the walk goes on from there.
uint diag_reads = 0u, diag_steps = 0u, tiles_done = 0u; // DIAG 3: this invocation's walks
// DIAG 3: adds them to pad[0..3] (once per walking subgroup).
void add_diag_counters() {
    atomicAdd(pad[0], tiles_done);
    atomicAdd(pad[1], diag_reads);
    atomicAdd(pad[2], diag_steps);
}

uint look_back(uint gtile) {
    const uint FAR = 0xFFFFFFFFu;
    uint prefix = 0u;
    int nearest = int(gtile) - 1; // the nearest predecessor not summed yet
    uint it = 0u;
#ifdef LOOKBACK_WAIT
    if (WAIT_FIRST > 0u) it += wait_ticks(WAIT_FIRST);
#endif
    for (;; ++it) {
        if (it >= p.walk_limit) return GAVE_UP;
        diag_reads++;
        uint s[SLICES];
        for (uint q = 0u; q < SLICES; ++q) s[q] = peek(nearest - int(q * gl_SubgroupSize + gl_SubgroupInvocationID));
        uint my_wait = FAR, my_end = FAR;
        for (uint q = SLICES; q-- > 0u;) { // farthest first: the nearest of this lane wins
            uint d = q * gl_SubgroupSize + gl_SubgroupInvocationID, flag = s[q] & FLAGS;
            if (flag == 0u) my_wait = d;
            if (flag == INCLUSIVE || flag == ABORTED) my_end = d;
        }
        uint first_wait = subgroupMin(my_wait), first_end = subgroupMin(my_end);
        uint upto = min(first_wait, first_end); // the AGGREGATEs at distances below it are summed
        uint mine = 0u;
        bool aborted = false;
        for (uint q = 0u; q < SLICES; ++q) {
            uint d = q * gl_SubgroupSize + gl_SubgroupInvocationID;
            if (d < upto || (d == first_end && first_end < first_wait)) mine += s[q] & VALUE;
            if (d == first_end && (s[q] & FLAGS) == ABORTED) aborted = true;
        }
        if (first_end < first_wait) { // every tile from the nearest to that end has published
            if (subgroupBallot(aborted) != uvec4(0u)) return GAVE_UP;
            return prefix + subgroupAdd(mine);
        }
        prefix += subgroupAdd(mine);
        uint stepped = min(upto, SLICES * gl_SubgroupSize);
        nearest -= int(stepped);
        diag_steps += stepped;
#ifdef LOOKBACK_WAIT
        if (first_wait != FAR && WAIT_POLL > 0u) it += wait_ticks(WAIT_POLL);
#endif
        if (first_wait != FAR && it >= BACKOFF_AFTER) {
            // A long wait (never on a GPU at work; lavapipe when a thread is descheduled): back
            // off with unrolled reads, which take time without counting as loop iterations.
            s[0] = backoff(nearest - int(gl_SubgroupInvocationID), s[0]);
        }
    }
    return GAVE_UP; // only if llvmpipe's loop limiter left the loop: a give-up too, never silent
}
