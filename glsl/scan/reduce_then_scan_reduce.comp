#version 450
// Ours, step 1 of 3 (reduce-then-scan, as in Merrill & Grimshaw's and CUB's early scans): each
// workgroup reduces its own contiguous chunk of p.chunk elements (a multiple of 4 x 8 x the group
// size) with 16-byte loads, two in flight, and writes one partial, partials[offset + group].
// Step 2 scans the partials in one workgroup; step 3 scans each chunk again from its partial.
// The input is read twice and the output written once: 1.5x the traffic of a copy, but no
// workgroup ever waits for another.
#extension GL_GOOGLE_include_directive : require
#include "scan_common.glsl"
#include "scan_group.glsl"
layout(std430, binding = 0) readonly buffer In1 { uint x1[]; };
layout(std430, binding = 1) readonly buffer In4 { uvec4 x4[]; };
layout(std430, binding = 2) writeonly buffer Partials { uint partials[]; };

void main() {
    uint L = gl_WorkGroupSize.x, t = gl_LocalInvocationID.x, g = gl_WorkGroupID.x;
    uint start = g * p.chunk, end = min(p.n, start + p.chunk);
    uint end4 = end / 4u; // whole uvec4 of this chunk (start is a multiple of 4)
    uvec4 a = uvec4(identity()), b = uvec4(identity());
    uint i = start / 4u + t;
    for (; i + L < end4; i += 2u * L) {
        uvec4 u = x4[i], w = x4[i + L];
        a = combine4(a, (p.flags & ENCODE) != 0u ? encode4(u) : u);
        b = combine4(b, (p.flags & ENCODE) != 0u ? encode4(w) : w);
    }
    if (i < end4) a = combine4(a, (p.flags & ENCODE) != 0u ? encode4(x4[i]) : x4[i]);
    a = combine4(a, b);
    uint r = combine(combine(a.x, a.y), combine(a.z, a.w));
    if (end4 * 4u + t < end) r = combine(r, load_key(x1[end4 * 4u + t])); // the last chunk's tail
    r = group_reduce(r);
    if (t == 0u) partials[p.offset + g] = r;
}
