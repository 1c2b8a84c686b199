#version 450
// Seed 001, first step: if (test(x)) out[atomicAdd(count, 1)] = f(x). One global atomic per
// passing element: correct but slow (every passing invocation contends on one address), and the
// output order is not preserved.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; } p;
#include "compact_common.glsl"
layout(std430, binding = 0) readonly buffer In { uint x[]; };
layout(std430, binding = 2) buffer State { uint count; };

void main() {
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    for (uint i = gl_GlobalInvocationID.x; i < p.n; i += stride) {
        uint v = x[i];
        if (keep(v)) store_out(atomicAdd(count, 1u), apply(v));
    }
}
