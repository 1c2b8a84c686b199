#version 450
// Ours, step 2 of 3: ONE workgroup scans the partials of step 1 in place (exclusive), a group's
// worth at a time with a running carry: partials[k] becomes the combination of every chunk
// before chunk k, across all ranges.
#extension GL_GOOGLE_include_directive : require
#include "scan_common.glsl"
#include "scan_group.glsl"
layout(std430, binding = 0) buffer Partials { uint partials[]; };

void main() {
    uint L = gl_WorkGroupSize.x, t = gl_LocalInvocationID.x;
    uint carry = identity();
    for (uint base = 0u; base < p.n; base += L) {
        uint i = base + t;
        uint v = i < p.n ? partials[i] : identity();
        uint total;
        uint e = group_exclusive(v, total);
        if (i < p.n) partials[i] = combine(carry, e);
        carry = combine(carry, total);
    }
}
