#version 450
// Ours, step 1 of 3 (reduce-then-scan, as in Merrill & Grimshaw's and CUB's early scans): each
// workgroup reduces one tile of 4096 elements (striped 16-byte loads, all four in flight; the grid
// covers the range once, scan_striped_tile.glsl) and writes one partial, partials[offset + tile].
// Step 2 scans the partials in one workgroup; step 3 scans each tile again from its partial.
// The input is read twice and the output written once: 1.5x the traffic of a copy, but no
// workgroup ever waits for another.
#extension GL_GOOGLE_include_directive : require
#include "scan_common.glsl"
#include "scan_group.glsl"
layout(std430, binding = 0) readonly buffer In1 { uint x1[]; };
layout(std430, binding = 1) readonly buffer In4 { uvec4 x4[]; };
layout(std430, binding = 2) writeonly buffer Partials { uint partials[]; };
#include "scan_striped_tile.glsl"

void main() {
    uint tile = striped_tile();
    if (tile * STRIPED_ROUNDS * gl_WorkGroupSize.x * 4u >= max(p.n, 1u)) return; // uniform: past the grid's last row
    uvec4 v[STRIPED_ROUNDS];
    for (uint r = 0u; r < STRIPED_ROUNDS; ++r) v[r] = striped_load(striped_at(tile, r), p.n);
    uvec4 a = v[0];
    for (uint r = 1u; r < STRIPED_ROUNDS; ++r) a = combine4(a, v[r]);
    uint total = group_reduce(combine(combine(a.x, a.y), combine(a.z, a.w)));
    if (gl_LocalInvocationID.x == 0u) partials[p.offset + tile] = total;
}
