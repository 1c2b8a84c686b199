#version 450
// Ours, step 3 of 3: each workgroup scans its chunk again, starting from its scanned partial.
// A tile is 8 consecutive elements per invocation (two 16-byte loads): each invocation scans its
// 8 in registers, the group scans the invocations' totals (subgroup arithmetic, one shared slot
// per subgroup), and the tile is written with two 16-byte stores; the tile's total carries into
// the next tile of the chunk.
#extension GL_GOOGLE_include_directive : require
#include "scan_common.glsl"
#include "scan_group.glsl"
layout(std430, binding = 0) readonly buffer In1 { uint x1[]; };
layout(std430, binding = 1) readonly buffer In4 { uvec4 x4[]; };
layout(std430, binding = 2) writeonly buffer Out1 { uint y1[]; };
layout(std430, binding = 3) writeonly buffer Out4 { uvec4 y4[]; };
layout(std430, binding = 4) readonly buffer Partials { uint partials[]; };
const uint PER = 8u;

void main() {
    uint L = gl_WorkGroupSize.x, t = gl_LocalInvocationID.x, g = gl_WorkGroupID.x;
    uint start = g * p.chunk, end = min(p.n, start + p.chunk);
    uint carry = partials[p.offset + g];
    bool exclusive = (p.flags & EXCLUSIVE) != 0u;
    for (uint tile = start; tile < end; tile += PER * L) {
        uint first = tile + PER * t;
        uint v[PER];
        bool whole = first + PER <= end;
        if (whole) {
            uvec4 u = x4[first / 4u], w = x4[first / 4u + 1u];
            v = uint[PER](u.x, u.y, u.z, u.w, w.x, w.y, w.z, w.w);
            for (uint k = 0u; k < PER; ++k) v[k] = load_key(v[k]);
        } else {
            for (uint k = 0u; k < PER; ++k) v[k] = first + k < end ? load_key(x1[first + k]) : identity();
        }
        uint mine = v[0];
        for (uint k = 1u; k < PER; ++k) mine = combine(mine, v[k]);
        uint tile_total;
        uint run = combine(carry, group_exclusive(mine, tile_total));
        uint r[PER];
        for (uint k = 0u; k < PER; ++k) {
            uint next = combine(run, v[k]);
            r[k] = store_value(exclusive ? run : next);
            run = next;
        }
        if (whole) {
            y4[first / 4u] = uvec4(r[0], r[1], r[2], r[3]);
            y4[first / 4u + 1u] = uvec4(r[4], r[5], r[6], r[7]);
        } else {
            for (uint k = 0u; k < PER; ++k) {
                if (first + k < end) y1[first + k] = r[k];
            }
        }
        carry = combine(carry, tile_total);
    }
}
