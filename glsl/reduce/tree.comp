#version 450
// Seed 004's tree reduction: each workgroup loads 64 elements into shared memory and halves the
// active invocations at each step, with a barrier() between steps; invocation 0 writes the
// group's partial. The host runs further passes over the partials until one value is left.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint OP = 0u;
#include "reduce_op.glsl"

// flags: bit 0 = input holds raw values (encode them), bit 1 = output is final (decode it).
layout(push_constant) uniform Push { uint n; uint flags; uint partial_offset; uint finish_count; } p;
layout(std430, binding = 0) readonly buffer In { uint x[]; };
layout(std430, binding = 1) writeonly buffer Out { uint partial[]; };

shared uint s[gl_WorkGroupSize.x];

void main() {
    uint t = gl_LocalInvocationID.x;
    uint g = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x; // 2D grid past 65535 groups
    uint base = g * gl_WorkGroupSize.x;
    if (base >= p.n) return; // whole group: the 2D grid's spare groups
    uint v = identity();
    if (base + t < p.n) {
        v = x[base + t];
        if ((p.flags & 1u) != 0u) v = encode(v);
    }
    s[t] = v;
    barrier();
    for (uint h = gl_WorkGroupSize.x / 2u; h > 0u; h >>= 1u) {
        if (t < h) s[t] = combine(s[t], s[t + h]);
        barrier();
    }
    if (t == 0u) {
        uint r = s[0];
        if ((p.flags & 2u) != 0u) r = decode(r);
        partial[p.partial_offset + g] = r;
    }
}
