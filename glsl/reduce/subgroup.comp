#version 450
// Ours: a persistent grid; each invocation reduces many elements (grid-stride, 16-byte loads,
// two loads in flight), then subgroup arithmetic and one shared slot per subgroup give ONE partial
// per workgroup. A second dispatch of this kernel, one workgroup, reduces the partials.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
layout(constant_id = 2) const uint OP = 0u;
#include "reduce_op.glsl"

layout(push_constant) uniform Push { uint n; uint flags; uint partial_offset; uint finish_count; } p;
#include "reduce_group.glsl"
layout(std430, binding = 2) writeonly buffer Out { uint partial[]; };

void main() {
    uint r = group_combine(thread_partial(p.n, (p.flags & 1u) != 0u));
    if (gl_LocalInvocationID.x == 0u) {
        if ((p.flags & 2u) != 0u) r = decode(r);
        partial[p.partial_offset + gl_WorkGroupID.x] = r;
    }
}
