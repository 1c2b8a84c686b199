#version 450
// Ours, step 3 of 3: each workgroup scans one tile (scan_striped_tile.glsl: invocation t holds
// uvec4 t + 256 r in round r), starting from its scanned partial. Each invocation combines its
// uvec4 of each round, the subgroups scan those (one subgroup scan per round), every subgroup's
// round totals go to shared memory, and after ONE barrier each invocation adds the tile's
// partial, the rounds before and the subgroups before in its round, and writes with 16-byte
// stores.
// TAIL = 1 only for the tile that holds a range's last, partial uvec4 (n not a multiple of 4),
// dispatched on its own: that pipeline also loads and stores elements one by one. With those
// scalar accesses in the pipeline of every tile, even where they never ran, the scan of 2^26 u32
// took 0.191 ms instead of 0.138 on the H200 (docs/scan.md).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "scan_common.glsl"
#include "scan_group.glsl"
layout(std430, binding = 0) readonly buffer In1 { uint x1[]; };
layout(std430, binding = 1) readonly buffer In4 { uvec4 x4[]; };
layout(std430, binding = 2) writeonly buffer Out1 { uint y1[]; };
layout(std430, binding = 3) writeonly buffer Out4 { uvec4 y4[]; };
layout(std430, binding = 4) readonly buffer Partials { uint partials[]; };
#include "scan_striped_tile.glsl"
// Each subgroup's total of each round (slots for subgroups of one invocation).
shared uint round_totals[STRIPED_ROUNDS][gl_WorkGroupSize.x];
layout(constant_id = 3) const uint TAIL = 0u;
#include "scan_striped_store.glsl"

void main() {
    uint tile = striped_tile();
    if (tile * STRIPED_ROUNDS * gl_WorkGroupSize.x * 4u >= max(p.n, 1u)) return; // uniform: past the grid's last row
    uvec4 v[STRIPED_ROUNDS];
    for (uint r = 0u; r < STRIPED_ROUNDS; ++r) {
        uint at = striped_at(tile, r);
        v[r] = TAIL == 1u ? striped_load(at, p.n) : striped_load_whole(at, p.n);
    }
    uint carry = partials[p.offset + tile];
    uint before_me[STRIPED_ROUNDS];
    scan_rounds(v, before_me);
    barrier(); // every subgroup's round totals are in their slots
    store_scanned_tile(tile, v, before_me, carry);
}
