#version 450
// Seed 001, second step: a counter in shared memory gives each passing invocation its offset in
// the group (shared atomicAdd); barrier; invocation 0 does ONE global atomicAdd for the group;
// barrier; each writes at group_offset + offset. Output order is not preserved.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint PRED = 0u;
layout(constant_id = 3) const uint FUNC = 0u;
layout(push_constant) uniform Push { uint n; uint threshold; uint out_shift; uint tile_base; } p;
#include "compact_common.glsl"
layout(std430, binding = 0) readonly buffer In { uint x[]; };
layout(std430, binding = 2) buffer State { uint count; };

shared uint group_count;
shared uint group_offset;

void main() {
    uint t = gl_LocalInvocationID.x;
    uint step = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    // Rounds are uniform per group (base depends only on the group), so the barriers are too.
    for (uint base = gl_WorkGroupID.x * gl_WorkGroupSize.x; base < p.n; base += step) {
        if (t == 0u) group_count = 0u;
        barrier();
        uint i = base + t;
        uint v = 0u;
        bool pass = false;
        uint offset = 0u;
        if (i < p.n) {
            v = x[i];
            pass = keep(v);
            if (pass) offset = atomicAdd(group_count, 1u);
        }
        barrier();
        if (t == 0u) group_offset = atomicAdd(count, group_count);
        barrier();
        if (pass) store_out(group_offset + offset, apply(v));
        barrier(); // group_count / group_offset are reused next round
    }
}
