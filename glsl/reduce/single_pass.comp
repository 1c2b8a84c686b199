#version 450
// Ours: as subgroup.comp, and the LAST workgroup to finish reduces all partials in the same
// dispatch (threadfence-reduction): each group writes its partial, memoryBarrierBuffer(), then
// one atomicAdd on a counter; the group that sees count == groups - 1 knows every other partial
// is visible, reduces them, writes the result and resets the counter to 0 for the next run.
// No group ever waits on another, so it cannot deadlock on any scheduler.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint OP = 0u;
#include "reduce_op.glsl"

// finish_count: 0 = only write partials (an earlier range); else reduce partial[0..finish_count).
// flags: COUNTED (n is the bound of the count in binding 5).
layout(push_constant) uniform Push { uint n; uint flags; uint partial_offset; uint finish_count; } p;
const uint COUNTED = 4u;
#include "reduce_group.glsl"
#define COUNT_BINDING 5
#include "device_count.glsl"
layout(std430, binding = 2) coherent buffer Partials { uint partial[]; };
layout(std430, binding = 3) coherent buffer Counter { uint counter; };
layout(std430, binding = 4) writeonly buffer Result { uint result; };

shared bool is_last;

void main() {
    uint t = gl_LocalInvocationID.x;
    uint n = counted_n((p.flags & COUNTED) != 0u, p.n);
    uint r = group_combine(thread_partial(n, true));
    if (p.finish_count == 0u) {
        if (t == 0u) partial[p.partial_offset + gl_WorkGroupID.x] = r;
        return;
    }
    if (t == 0u) {
        partial[p.partial_offset + gl_WorkGroupID.x] = r;
        memoryBarrierBuffer();
        is_last = atomicAdd(counter, 1u) == gl_NumWorkGroups.x - 1u;
    }
    barrier();
    if (!is_last) return;
    memoryBarrierBuffer();
    uint v = identity();
    for (uint k = t; k < p.finish_count; k += gl_WorkGroupSize.x) v = combine(v, partial[k]);
    v = group_combine(v);
    if (t == 0u) {
        // No elements (only in a counted run): the operation's identity, as the host's fill
        // writes it (+-inf for an f32 min / max, whose identity key decodes to NaN).
        bool none_f32 = n == 0u && TYPE == 2u && OP != 0u;
        result = none_f32 ? (OP == 1u ? 0x7F800000u : 0xFF800000u) : decode(v);
        counter = 0u;
    }
}
