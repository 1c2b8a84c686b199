#version 450
// Ours, step 2 of 3: ONE workgroup scans the p.n partials of step 1 in place (exclusive), 64 x 256
// at a time with a running carry: invocation t loads a run of 64 consecutive partials with 16
// loads of 16 bytes, all in flight (a loop of dependent 4-byte loads took tens of microseconds
// for 2^14 partials), combines them, the group scans the runs' totals, and each invocation writes
// its run from its run's prefix. partials[k] becomes the combination of every tile before tile k,
// across all ranges. The buffer holds a multiple of 4 words.
#extension GL_GOOGLE_include_directive : require
#include "scan_common.glsl"
#include "scan_group.glsl"
layout(std430, binding = 0) buffer Partials { uvec4 partials4[]; };
const uint RUN4 = 16u; // uvec4 per invocation per step

void main() {
    uint L = gl_WorkGroupSize.x, t = gl_LocalInvocationID.x;
    uint carry = identity();
    for (uint base = 0u; base < p.n; base += 4u * RUN4 * L) { // uniform
        uint first = base + 4u * RUN4 * t;
        uvec4 v[RUN4];
        for (uint q = 0u; q < RUN4; ++q) {
            uint i = first + 4u * q;
            v[q] = i < p.n ? partials4[i / 4u] : uvec4(identity());
            if (i + 1u >= p.n) v[q].y = identity();
            if (i + 2u >= p.n) v[q].z = identity();
            if (i + 3u >= p.n) v[q].w = identity();
        }
        uint mine = identity();
        for (uint q = 0u; q < RUN4; ++q) mine = combine(combine(combine(combine(mine, v[q].x), v[q].y), v[q].z), v[q].w);
        uint total;
        uint run = combine(carry, group_exclusive(mine, total));
        for (uint q = 0u; q < RUN4; ++q) {
            uvec4 o;
            o.x = run;
            run = combine(run, v[q].x);
            o.y = run;
            run = combine(run, v[q].y);
            o.z = run;
            run = combine(run, v[q].z);
            o.w = run;
            run = combine(run, v[q].w);
            if (first + 4u * q < p.n) partials4[(first / 4u) + q] = o;
        }
        carry = combine(carry, total);
    }
}
