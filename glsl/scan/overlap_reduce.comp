#version 450
// Ours, `overlap` step 1 of 2 (reduce-then-scan with its passes overlapping, as `stable`
// compaction's count and scatter): a few persistent REDUCER groups (one of 512 per
// multiprocessor), dealt tiles g, g + G, ..., reduce each tile of 4096 elements and publish its
// partial at once. The scan groups (overlap_scan.comp) are dispatched right after with no barrier
// between: they run beside the reducers, wait for the partials before their tile, and find their
// tile, read moments ago, still in L2. So the input is read from DRAM once, and no pass scans the
// partials: each tile adds up its own prefix.
//
// A partial is two write-once words, VALID | 16 bits each (the single pass's status words): a
// word is either 0 or final, so a reader needs no ordering between them. The words come in two
// sets, used by alternate runs (`set`, flipped after each run by overlap_flip.comp); this run
// zeroes the other set for the next.
//
// The reducers never wait on anything: recorded first, they hold their slots before any scan
// group starts.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "scan_common.glsl"
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#include "subgroup_op.glsl" // subgroup_combine
layout(std430, binding = 0) readonly buffer In1 { uint x1[]; };
layout(std430, binding = 1) readonly buffer In4 { uvec4 x4[]; };
// words[set * p.chunk + g]: tile g's partial (every range's tiles numbered on); after a set's
// p.chunk - p.chunk / 257 tile slots come its chunk totals (overlap_scan.comp).
// Coherent: the set is read from L2, never from a multiprocessor's L1 (an earlier run's line).
layout(std430, binding = 2) coherent buffer State { uint set; uint header[15]; uvec2 words[]; };
#include "scan_striped_tile.glsl" // striped_load
// Tests: 0 publishes nothing, so that the scan groups reduce every tile before their own.
layout(constant_id = 10) const uint PUBLISH = 1u;
// Tests: 1 checks that each word is still 0 before it is published (header[0] bit 1 if not: a run
// before left its set dirty, or did not flip it).
layout(constant_id = 11) const uint CHECK_STATE = 0u;
#include "scan_word.glsl"
const uint TILE4 = 1024u; // uvec4 per tile: 4096 elements, as the scan's striped tile
const uint ROUNDS = 2u;   // with 512 invocations (the host's local size)

void load_tile(uint tile, uint ntiles, out uvec4 v[ROUNDS]) {
    uint at = min(tile, ntiles) * TILE4 + gl_LocalInvocationID.x; // past the last tile: identity, no load
    [[unroll]] for (uint r = 0u; r < ROUNDS; ++r) v[r] = striped_load(at + r * gl_WorkGroupSize.x, p.n);
}

shared uint sg_part[2][gl_WorkGroupSize.x]; // alternate tiles: one barrier per tile

// Reduces the loaded tile over the group (its subgroups' parts in sg_part[slot], one barrier)
// and publishes it (invocation 0).
void reduce_and_publish(uvec4 v[ROUNDS], uint tile, uint slot, uint s) {
    uvec4 a = combine4(v[0], v[1]);
    uint part = subgroup_combine(combine(combine(a.x, a.y), combine(a.z, a.w)));
    if (subgroupElect()) sg_part[slot][gl_SubgroupID] = part;
    barrier(); // sg_part[slot] complete; the other slot was read a tile ago, before this barrier
    if (gl_LocalInvocationID.x == 0u && PUBLISH == 1u) {
        uint total = identity();
        for (uint k = 0u; k < gl_NumSubgroups; ++k) total = combine(total, sg_part[slot][k]);
        uint at = s * p.chunk + p.offset + tile;
        if (CHECK_STATE == 1u && words[at] != uvec2(0u)) atomicOr(header[0], 1u);
        words[at] = word_of(total);
    }
}

void main() {
    uint G = gl_NumWorkGroups.x, ntiles = (p.n + 4u * TILE4 - 1u) / (4u * TILE4);
    uint s = set; // flipped only between runs
    // The other set, for the next run: every slot of it.
    uint L = gl_WorkGroupSize.x;
    for (uint j = gl_WorkGroupID.x * L + gl_LocalInvocationID.x; j < p.chunk; j += G * L) words[(s ^ 1u) * p.chunk + j] = uvec2(0u);
    // Two tiles in flight: the next one's loads are issued before this one is reduced.
    uvec4 a[ROUNDS], b[ROUNDS];
    uint tile = gl_WorkGroupID.x;
    load_tile(tile, ntiles, a);
    load_tile(tile + G, ntiles, b);
    while (tile < ntiles) { // uniform
        uvec4 now[ROUNDS] = a;
        load_tile(tile + 2u * G, ntiles, a);
        reduce_and_publish(now, tile, 0u, s);
        tile += G;
        if (tile >= ntiles) break;
        now = b;
        load_tile(tile + 2u * G, ntiles, b);
        reduce_and_publish(now, tile, 1u, s);
        tile += G;
    }
}
