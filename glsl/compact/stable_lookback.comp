#version 450
// Ours: stable compaction in ONE pass over the input, a chained scan with decoupled look-back
// (Merrill & Garland 2016). One tile of 4096 elements per workgroup (256 invocations x 4 rounds
// x uvec4, as stable_scatter.comp):
//  1. invocation 0 draws the tile from an atomic ticket (not gl_WorkGroupID: every tile this one
//     waits for was drawn by a group that is already running, so waiting cannot deadlock);
//  2. load, predicate, in-tile ranks (packed 16-bit counts, subgroupExclusiveAdd + one shared
//     slot per subgroup); publish the tile count as AGGREGATE at once;
//  3. stage the kept f(x) in shared memory at their in-tile rank;
//  4. the first subgroup looks back over a window of gl_SubgroupSize predecessors at a time
//     (one status word per lane, ballots): AGGREGATEs are summed and the window steps back; the
//     nearest INCLUSIVE ends the walk; it publishes INCLUSIVE = prefix + count;
//  5. coalesced write of the staged values at prefix + i.
// A status word is flag << 30 | value (value < 2^30: n < 2^30), published with a release
// atomicStore and read with acquire atomicLoads at queue-family scope (Vulkan memory model), so
// flag and value travel together in one 32-bit atomic.
//
// Stalls are detected, never silent: the walk (spins and steps together) is bounded by
// SPIN_LIMIT iterations, below llvmpipe's loop limiter (65535 iterations in total per invocation,
// after which loops are silently left); after BACKOFF_AFTER of them each spin also makes 256
// unrolled relaxed reads, so the bound lasts long enough on a CPU device. A tile that gives up publishes ABORTED (its successors
// give up as soon as they see it) and writes the fallback dispatch sizes into args[]: the host
// recorded the 3-pass `stable` after this kernel as indirect dispatches that are empty unless a
// tile gave up, so the result is exact either way. SPIN_LIMIT = 0 makes every tile after the first
// give up at once (the tests' way to exercise the fallback).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
layout(constant_id = 4) const uint SPIN_LIMIT = 32768u;
// RELAXED_STATUS (constant_id 8) = 1: status words published and read with relaxed atomics. The
// word carries flag and value together and nothing else is published through it (the output is
// read by no other workgroup), so relaxed is enough; 0: release/acquire (the default).
layout(constant_id = 8) const uint RELAXED_STATUS = 0u;
// Diagnosis only (wrong results, for timing what the rest costs): 1 skips the look-back (the
// tile writes at its own start, as if every element before it passed: the writes spread like the
// real ones); 2 also skips the ticket (tile = gl_WorkGroupID). 0: the real kernel.
layout(constant_id = 10) const uint DIAG = 0u;
// range: which ticket; fallback_groups: the group count of the fallback's grid-stride dispatches.
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; uint range; uint fallback_groups; } p;
#include "compact_common.glsl"
#include "stable_tile.glsl"
layout(std430, binding = 2) writeonly buffer Count { uint count; };
// args: two VkDispatchIndirectCommand (fallback count/scatter, fallback scan), zero unless a tile
// gave up; ticket: one per range; status: one word per tile of all ranges. Zeroed per run.
layout(std430, binding = 3) buffer State { uint args[6]; uint ticket[4]; uint incomplete; uint pad[5]; uint status[]; };

const uint AGGREGATE = 1u << 30, INCLUSIVE = 2u << 30, ABORTED = 3u << 30, FLAGS = 3u << 30, VALUE = 0x3FFFFFFFu;
const uint GAVE_UP = 0xFFFFFFFFu;

shared uvec2 sg_sum[gl_WorkGroupSize.x];
shared uint stage[ROUNDS * 4u * gl_WorkGroupSize.x];
shared uint tile_shared;
shared uint base_shared;

void publish(uint tile, uint word) {
    if (RELAXED_STATUS == 1u) atomicStore(status[tile], word, gl_ScopeQueueFamily, gl_StorageSemanticsNone, gl_SemanticsRelaxed);
    else atomicStore(status[tile], word, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsRelease);
}

uint peek(int tile) {
    if (tile < 0) return INCLUSIVE; // before the first tile: prefix 0
    if (RELAXED_STATUS == 1u) return atomicLoad(status[tile], gl_ScopeQueueFamily, gl_StorageSemanticsNone, gl_SemanticsRelaxed);
    return atomicLoad(status[tile], gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
}

void give_up(uint tile) {
    publish(tile, ABORTED);
    uint a[6] = uint[6](p.fallback_groups, 1u, 1u, 1u, 1u, 1u);
    for (uint i = 0u; i < 6u; ++i) atomicStore(args[i], a[i], gl_ScopeQueueFamily, gl_StorageSemanticsNone, gl_SemanticsRelaxed);
    atomicStore(incomplete, 1u, gl_ScopeQueueFamily, gl_StorageSemanticsNone, gl_SemanticsRelaxed);
}

const uint BACKOFF_AFTER = 256u;
#define RELAXED(j) atomicLoad(status[j], gl_ScopeQueueFamily, gl_StorageSemanticsNone, gl_SemanticsRelaxed)
#define R4(x) x x x x
uint backoff(int j, uint s) {
    if (j < 0) return s;
    R4(R4(R4(R4(s |= RELAXED(j);))))
    return s;
}

// The exclusive prefix of tile `gtile` (> 0), or GAVE_UP. Called by the whole first subgroup.
uint look_back(uint gtile) {
    uint prefix = 0u;
    int j = int(gtile) - 1 - int(gl_SubgroupInvocationID); // this lane's predecessor
    for (uint it = 0u;; ++it) {
        if (it >= SPIN_LIMIT) return GAVE_UP;
        uint s = peek(j);
        uint flag = s & FLAGS;
        uvec4 waiting = subgroupBallot(flag == 0u);
        uvec4 ends = subgroupBallot(flag == INCLUSIVE || flag == ABORTED);
        uint first_waiting = waiting == uvec4(0u) ? gl_SubgroupSize : subgroupBallotFindLSB(waiting);
        uint first_end = ends == uvec4(0u) ? gl_SubgroupSize : subgroupBallotFindLSB(ends);
        if (first_end < first_waiting) { // every tile from the nearest to the end has published
            if (subgroupBroadcast(flag, first_end) == ABORTED) return GAVE_UP;
            return prefix + subgroupAdd(gl_SubgroupInvocationID <= first_end ? (s & VALUE) : 0u);
        }
        if (first_waiting == gl_SubgroupSize) { // a whole window of AGGREGATEs: step back
            prefix += subgroupAdd(s & VALUE);
            j -= int(gl_SubgroupSize);
        } else if (it >= BACKOFF_AFTER) {
            // A long wait (never on a GPU at work; lavapipe when a thread is descheduled): back
            // off with unrolled reads, which take time without counting as loop iterations.
            s = backoff(j, s);
        } // else a nearer predecessor has not published yet: read the window again
    }
    return GAVE_UP; // only if llvmpipe's loop limiter left the loop: a give-up too, never silent
}

void main() {
    uint t = gl_LocalInvocationID.x;
    if (t == 0u) {
        tile_shared = DIAG == 2u ? gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x
                                 : atomicAdd(ticket[p.range], 1u, gl_ScopeQueueFamily, gl_StorageSemanticsNone, gl_SemanticsRelaxed);
    }
    barrier();
    uint tile = tile_shared;
    uint ntiles = (p.n + tile_size() - 1u) / tile_size();
    if (tile >= ntiles) return; // surplus group of a 2-D grid (uniform: the whole group leaves)
    uint gtile = p.tile_base + tile;

    uvec4 v[ROUNDS];
    uint m[ROUNDS];
    for (uint r = 0u; r < ROUNDS; ++r) {
        uint i4 = tile * tile_size() / 4u + r * gl_WorkGroupSize.x + t;
        v[r] = load4(i4);
        m[r] = pass_mask(v[r], i4);
    }
    uvec2 c = uvec2(bitCount(m[0]) | (bitCount(m[1]) << 16), bitCount(m[2]) | (bitCount(m[3]) << 16));
    uvec2 excl = subgroupExclusiveAdd(c);
    uvec2 sg_total = subgroupAdd(c);
    if (subgroupElect()) sg_sum[gl_SubgroupID] = sg_total;
    barrier();
    uvec2 total = uvec2(0u);
    for (uint k = 0u; k < gl_NumSubgroups; ++k) {
        if (k < gl_SubgroupID) excl += sg_sum[k];
        total += sg_sum[k];
    }
    uint t0 = total.x & 0xFFFFu, t1 = total.x >> 16, t2 = total.y & 0xFFFFu, t3 = total.y >> 16;
    uint tile_count = t0 + t1 + t2 + t3;
    if (t == 0u) publish(gtile, (gtile == 0u ? INCLUSIVE : AGGREGATE) | tile_count);

    uint round_start[ROUNDS] = uint[ROUNDS](0u, t0, t0 + t1, t0 + t1 + t2);
    uint mine[ROUNDS] = uint[ROUNDS](excl.x & 0xFFFFu, excl.x >> 16, excl.y & 0xFFFFu, excl.y >> 16);
    for (uint r = 0u; r < ROUNDS; ++r) {
        uint k = round_start[r] + mine[r];
        for (uint c4 = 0u; c4 < 4u; ++c4) {
            if ((m[r] & (1u << c4)) != 0u) stage[k++] = apply(v[r][c4]);
        }
    }

    if (gl_SubgroupID == 0u) {
        uint prefix = gtile == 0u ? 0u : DIAG != 0u ? tile * tile_size() : look_back(gtile);
        if (subgroupElect()) {
            if (prefix == GAVE_UP) {
                give_up(gtile);
            } else if (gtile != 0u) {
                publish(gtile, INCLUSIVE | (prefix + tile_count));
            }
            base_shared = prefix;
        }
    }
    barrier(); // base_shared and stage[] are complete
    uint base = base_shared;
    if (base == GAVE_UP) return; // the fallback writes everything
    for (uint i = t; i < tile_count; i += gl_WorkGroupSize.x) store_out(base + i, stage[i]);
    if (t == 0u && tile + 1u == ntiles) count = base + tile_count; // the range's last tile
}
