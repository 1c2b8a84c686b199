#version 450
// Ours, the fastest: a scan in ONE pass over the input, a chained scan with decoupled look-back
// (Merrill & Garland 2016, what CUB's DeviceScan does). A persistent grid takes tiles of
// PER x 256 elements from an atomic ticket (every tile a group waits for was taken by a group
// already running). For each tile a group loads its elements into registers, reduces them and
// publishes the tile's AGGREGATE at once; then it walks back for the tile it took one iteration
// earlier (whose predecessors have had a tile's time to publish), with the next tile's loads in
// flight: AGGREGATEs are combined and stepped over, the nearest INCLUSIVE ends the walk; it
// publishes that tile's INCLUSIVE and writes its outputs. The input is read once and the output
// written once, as a copy.
// Status without 64-bit atomics: a 32-bit sum does not fit a word beside its flag, so a tile has
// four write-once words, (aggregate low, aggregate high, inclusive low, inclusive high), each
// VALID | 16 bits. A word is either still 0 or final, so any mix of words a reader sees is
// consistent, and no ordering between them is needed.
// Forward progress without any guarantee from the scheduler (Levien 2021, "prefix sum on portable
// compute shaders"): when the nearest predecessor has not published after STUCK_POLLS reads, the
// walking subgroup reduces that tile's input itself and walks on. So no group waits for another
// without bound: on a CPU device a descheduled thread cannot stall the scan. In place on a GPU the
// walks only wait (every tile they wait for was taken by a running group): there a reduction here
// could read outputs for input unless every group fenced between its status and its outputs,
// which cost the H100 17-20% (docs/scan.md). llvmpipe's loop
// limiter (it silently leaves every loop after 65535 iterations of an invocation) is kept away by
// few tiles a group there (the host's max_tiles) and by the walks' budget (WALK_BUDGET).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_ballot : require
#include "scan_common.glsl"
#include "scan_group.glsl"
#define COUNT_BINDING 5
#include "device_count.glsl"
// TOTAL (a push flag, on the last range): the combination of every element, decoded, goes here
// (an exclusive sum's item count, say, for a later counted step).
layout(std430, binding = 6) writeonly buffer Total { uint total_out; };
layout(constant_id = 3) const uint PER = 8u;          // elements per invocation: the tile is PER x 256
layout(constant_id = 4) const uint STUCK_POLLS = 64u; // reads of an unpublished predecessor before reducing it here
// Diagnosis only (wrong results, for timing what the rest costs): 1 skips the walk back.
layout(constant_id = 6) const uint DIAG = 0u;
layout(std430, binding = 0) readonly buffer In1 { uint x1[]; };
layout(std430, binding = 1) readonly buffer In4 { uvec4 x4[]; };
layout(std430, binding = 2) writeonly buffer Out1 { uint y1[]; };
layout(std430, binding = 3) writeonly buffer Out4 { uvec4 y4[]; };
// Zero when a run or range starts: left so by the last group before (CLEAN), else filled by the
// host. ticket: tiles taken in
// this range (whose first tile is p.offset); status: per tile, (aggregate lo, hi, inclusive lo,
// hi); pad[0]: bit 0 set when a walk gave up, bit 1 when CHECK_STATE found a dirty word (never
// zeroed by a run); pad[1]: groups done (CLEAN).
layout(std430, binding = 4) coherent volatile buffer State { uint ticket; uint pad[3]; uvec4 status[]; };
const uint VALID = 0x80000000u, FAR = 0xFFFFFFFFu;
const uint CLEAN = 16u, LAST_RANGE = 32u, COUNTED = 64u, TOTAL = 128u, IN_PLACE = 256u; // push flags of the single pass
// Loop iterations the walks of one invocation may spend (below llvmpipe's 65535; 0 in a test: every
// walk gives up at once, and the host must say so). On GPUs, which have no loop limiter, the host
// gives it times the tiles a group may take, so that a persistent group's walks share it.
layout(constant_id = 7) const uint WALK_BUDGET = 32768u;
// Tests only: 1 checks that every tile's status words are 0 when it starts (pad[0] bit 1 if not).
layout(constant_id = 8) const uint CHECK_STATE = 0u;
// Tests only: 1 makes the walks treat an AGGREGATE as unpublished, so that they reduce tiles whose
// groups are about to write (in place: over that input) and must take the word they then find;
// 2 as 1 without reading the status again (the fallback as it was: in place it may take outputs
// for input, and the tests must see it).
layout(constant_id = 9) const uint FORCE_FALLBACK = 0u;
// 1 on GPUs, 0 on CPU devices: on GPUs a fence between a fallback's loads and its second read of
// the status, and no fallback in place (see the header); on CPU devices, in place, a fence after
// each INCLUSIVE, before the barrier that precedes the tile's outputs (finish_tile).
layout(constant_id = 10) const uint GPU_DEVICE = 1u;
shared uint ticket_shared[2], walk_sum;
// Elements of this range: the push constant n, or the device's count (counted runs, one range).
uint N;
// Loop iterations this invocation's walks have spent, counted as llvmpipe's loop limiter counts
// them (65535 at most for an invocation, after which every loop is left silently): the walks stop
// themselves first, and say so, should the scheduler leave them thousands of tiles to reduce.
uint spent = 0u;

uint tile_elems() {
    return PER * gl_WorkGroupSize.x;
}

// This invocation's PER keys of tile `tile` (of this range), identity past the end.
void load_tile(uint tile, out uint v[PER]) {
    uint first = tile * tile_elems() + PER * gl_LocalInvocationID.x;
    if (first + PER <= N && PER % 4u == 0u) {
        for (uint q = 0u; q < PER / 4u; ++q) {
            uvec4 u = x4[first / 4u + q];
            v[4u * q] = load_key(u.x);
            v[4u * q + 1u] = load_key(u.y);
            v[4u * q + 2u] = load_key(u.z);
            v[4u * q + 3u] = load_key(u.w);
        }
    } else {
        for (uint k = 0u; k < PER; ++k) v[k] = first + k < N ? load_key(x1[first + k]) : identity();
    }
}

uint reduce_own(uint v[PER]) {
    uint r = v[0];
    for (uint k = 1u; k < PER; ++k) r = combine(r, v[k]);
    return r;
}

void publish(uint gtile, bool inclusive, uint value) {
    uint lo = VALID | (value & 0xFFFFu), hi = VALID | (value >> 16u);
    if (inclusive) {
        status[gtile].z = lo;
        status[gtile].w = hi;
    } else {
        status[gtile].x = lo;
        status[gtile].y = hi;
    }
}

// The combination of every tile before global tile gtile (> 0), in the first subgroup (the
// rest of the group waits at the barrier after): it reads a subgroup's worth of predecessors at a
// time, and reduces a stuck predecessor's input itself.
uint look_back(uint gtile) {
    uint prefix = identity();
    int nearest = int(gtile) - 1;
    uint polls = 0u, lane = gl_SubgroupInvocationID;
    bool done = false;
    for (; spent < WALK_BUDGET; ++spent) {
        int j = nearest - int(lane);
        uvec4 s = j >= 0 ? status[j] : uvec4(0u);
        bool incl = (s.z & s.w & VALID) != 0u;
        bool agg = (s.x & s.y & VALID) != 0u && FORCE_FALLBACK == 0u;
        uint val = incl ? (s.z & 0xFFFFu) | (s.w << 16u) : (s.x & 0xFFFFu) | (s.y << 16u);
        uvec4 wait_b = subgroupBallot(j >= 0 && !incl && !agg), end_b = subgroupBallot(incl);
        uint first_wait = wait_b == uvec4(0u) ? FAR : subgroupBallotFindLSB(wait_b);
        uint first_end = end_b == uvec4(0u) ? FAR : subgroupBallotFindLSB(end_b);
        uint upto = min(first_wait, first_end); // the AGGREGATEs nearer than both are combined
        bool take = lane < upto || (lane == first_end && first_end < first_wait);
        prefix = combine(subgroup_combine(take ? val : identity()), prefix); // tiles further back first
        if (first_end < first_wait) { // subgroup-uniform
            done = true;
            break;
        }
        if (upto > 0u) {
            nearest -= int(min(upto, gl_SubgroupSize));
            polls = 0u;
        } else if (++polls >= STUCK_POLLS && (GPU_DEVICE == 0u || (p.flags & IN_PLACE) == 0u)) {
            // Stuck on tile `nearest`: reduce its input here (the same keys its group reduces).
            uint first = (uint(nearest) - p.offset) * tile_elems(), end = min(N, first + tile_elems());
            uint r = identity();
            uint i = first / 4u + lane;
            spent += tile_elems() / 4u / gl_SubgroupSize + 1u;
            // A predecessor is never a range's last tile: its elements are whole uvec4s.
            for (; 4u * i < end; i += gl_SubgroupSize) r = combine(r, combine(combine(load_key(x4[i].x), load_key(x4[i].y)), combine(load_key(x4[i].z), load_key(x4[i].w))));
            r = subgroup_combine(r);
            // In place, that tile's group may have published and overwritten its input with its
            // outputs since the last poll: read its status again, after the input (its group
            // publishes before it writes), and take a published word over what was read. The
            // status is read by atomics, which no compiler moves before the loads above; on GPUs a
            // fence orders them too. (Not on CPU devices: Mesa 22's llvmpipe suspends a subgroup at a
            // fence in a loop as at a barrier, and only this subgroup walks; selftest/divergent_fence.)
            // On GPUs this runs only out of place, where it is not needed (the input stays); the
            // same code without the re-read and its fence ran 1% slower on the H100 (docs/scan.md).
            if (GPU_DEVICE == 1u) memoryBarrierBuffer();
            uvec4 again = uvec4(0u);
            if (FORCE_FALLBACK != 2u && subgroupElect()) {
                again = uvec4(atomicOr(status[nearest].x, 0u), atomicOr(status[nearest].y, 0u), atomicOr(status[nearest].z, 0u), atomicOr(status[nearest].w, 0u));
            }
            again = subgroupBroadcastFirst(again);
            if ((again.z & again.w & VALID) != 0u) {
                prefix = combine((again.z & 0xFFFFu) | (again.w << 16u), prefix);
                done = true;
                break;
            }
            if ((again.x & again.y & VALID) != 0u) r = (again.x & 0xFFFFu) | (again.y << 16u);
            prefix = combine(r, prefix);
            nearest -= 1;
            polls = 0u;
            if (nearest < 0) { // that was tile 0: nothing is before it
                done = true;
                break;
            }
        }
    }
    // The budget is spent: the prefix is wrong, and the host, seeing this flag, says so.
    if (!done && subgroupElect()) atomicOr(pad[0], 1u);
    return prefix;
}

// Walks back for global tile gtile (aggregate `total`), publishes its INCLUSIVE and writes its
// outputs (keys v, `before`: the combination of the invocations before this one in the tile);
// the range's last tile also writes the total where asked (TOTAL).
void finish_tile(uint tile, uint total, uint before, uint v[PER], bool last) {
    uint gtile = p.offset + tile;
    if (gtile != 0u && gl_SubgroupID == 0u) {
        uint prefix = DIAG == 1u ? identity() : look_back(gtile);
        if (subgroupElect()) {
            publish(gtile, true, combine(prefix, total));
            // In place on a CPU device the outputs, written after the barrier below, overwrite the
            // input that a walk's fallback may read: a walk that reads an output must then find
            // this INCLUSIVE (it reads the status after the input). (On GPUs in place no walk
            // falls back.) Not in a loop of this subgroup alone: see the walk's fence.
            if (GPU_DEVICE == 0u && (p.flags & IN_PLACE) != 0u) memoryBarrierBuffer();
            walk_sum = prefix;
        }
    }
    barrier(); // the prefix is known (walk_sum next changes after the next tile's barriers)
    uint run = combine(gtile == 0u ? identity() : walk_sum, before);
    if (last && (p.flags & TOTAL) != 0u && gl_LocalInvocationIndex == 0u) {
        total_out = decode_out(combine(gtile == 0u ? identity() : walk_sum, total));
    }
    bool exclusive = (p.flags & EXCLUSIVE) != 0u;
    uint r[PER];
    for (uint q = 0u; q < PER; ++q) {
        uint nxt = combine(run, v[q]);
        r[q] = store_value(exclusive ? run : nxt);
        run = nxt;
    }
    uint first = tile * tile_elems() + PER * gl_LocalInvocationID.x;
    if (first + PER <= N && PER % 4u == 0u) {
        for (uint q = 0u; q < PER / 4u; ++q) y4[first / 4u + q] = uvec4(r[4u * q], r[4u * q + 1u], r[4u * q + 2u], r[4u * q + 3u]);
    } else {
        for (uint q = 0u; q < PER; ++q) {
            if (first + q < N) y1[first + q] = r[q];
        }
    }
}

// The group's tiles: each loaded, reduced and published, then walked for and written one
// iteration later.
void scan_tiles(uint tile, uint ntiles) {
    uint t = gl_LocalInvocationID.x;
    uint v[PER], vp[PER], vn[PER];
    load_tile(tile, v);
    // The tile counted one iteration ago waits in registers (vp) for its walk back, which starts
    // only after this tile's AGGREGATE is out: its predecessors have had a tile's time to publish.
    uint pending = 0xFFFFFFFFu, p_total = 0u, p_before = 0u;
    for (uint k = 1u;; ++k) {
        // The next ticket, known after group_exclusive's barriers (its slot was last read two
        // tiles ago).
        if (t == 0u) ticket_shared[k & 1u] = k < p.chunk ? atomicAdd(ticket, 1u) : 0xFFFFFFFFu;
        uint total;
        uint before = group_exclusive(reduce_own(v), total);
        uint next = ticket_shared[k & 1u];
        uint gtile = p.offset + tile;
        if (t == 0u) {
            // Tests: a tile's words must still be 0 when it first publishes (else the last run
            // left the state dirty, and a reader might have taken a stale word).
            if (CHECK_STATE == 1u && status[gtile] != uvec4(0u)) atomicOr(pad[0], 2u);
            publish(gtile, gtile == 0u, total); // tile 0's aggregate is its inclusive
            if (gtile == 0u && GPU_DEVICE == 0u && (p.flags & IN_PLACE) != 0u) memoryBarrierBuffer(); // as finish_tile's
        }
        if (next < ntiles) load_tile(next, vn); // uniform; in flight through the walk below
        if (pending != 0xFFFFFFFFu) {
            finish_tile(pending, p_total, p_before, vp, pending + 1u == ntiles);
        } else {
            barrier(); // as finish_tile's: sg_total is read before the next tile's group_exclusive
        }
        for (uint q = 0u; q < PER; ++q) vp[q] = v[q];
        pending = tile;
        p_total = total;
        p_before = before;
        if (next >= ntiles) break; // uniform
        for (uint q = 0u; q < PER; ++q) v[q] = vn[q];
        tile = next;
    }
    finish_tile(pending, p_total, p_before, vp, pending + 1u == ntiles);
}

// CLEAN (a push flag): the group that finishes a range last leaves the state as a run finds it
// (ticket and done 0; after the run's last range, every tile's status words 0), so the host
// records no fill before the next range or run, only a barrier. Every other group has finished
// (its walks' reads included) before the count reaches the grid.
shared bool last_group;
void clean_after_range(uint ntiles) {
    barrier(); // every invocation of this group is past its last read and write
    if (gl_LocalInvocationIndex == 0u) {
        memoryBarrierBuffer();
        uint groups = gl_NumWorkGroups.x * gl_NumWorkGroups.y;
        last_group = atomicAdd(pad[1], 1u) + 1u == groups;
    }
    barrier(); // last_group is known
    if (!last_group) return; // uniform
    if ((p.flags & LAST_RANGE) != 0u) {
        for (uint i = gl_LocalInvocationIndex; i < p.offset + ntiles; i += gl_WorkGroupSize.x) status[i] = uvec4(0u);
    }
    if (gl_LocalInvocationIndex == 0u) {
        ticket = 0u;
        pad[1] = 0u;
    }
}

void main() {
    uint t = gl_LocalInvocationID.x;
    N = counted_n((p.flags & COUNTED) != 0u, p.n);
    uint ntiles = (N + tile_elems() - 1u) / tile_elems();
    // Each range's tickets start at 0; a group takes at most p.chunk tiles (the host makes the
    // grid large enough): on a CPU device a group runs to its end before most others start, and
    // its loops must stay under llvmpipe's loop limiter.
    if (t == 0u) ticket_shared[0] = atomicAdd(ticket, 1u);
    barrier(); // the first ticket is known
    uint tile = ticket_shared[0];
    if (tile < ntiles) scan_tiles(tile, ntiles); // uniform
    // No elements (a count of 0, or n = 0 with a total asked for): the total is the identity.
    if (ntiles == 0u && (p.flags & TOTAL) != 0u && tile == 0u && t == 0u) total_out = decode_out(identity());
    if ((p.flags & CLEAN) != 0u) clean_after_range(ntiles);
}
