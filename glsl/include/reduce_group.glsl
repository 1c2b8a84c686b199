// Grid-stride reduction of a range with 16-byte loads, then subgroup arithmetic and one shared
// slot per subgroup: the workgroup's partial. Needs GL_KHR_shader_subgroup_arithmetic, reduce_op.glsl,
// bindings 0 (uint view) and 1 (uvec4 view) of the same input range, and push constant p.n.
layout(std430, binding = 0) readonly buffer In1 { uint x1[]; };
layout(std430, binding = 1) readonly buffer In4 { uvec4 x4[]; };

shared uint sg_part[gl_WorkGroupSize.x];

#include "subgroup_op.glsl"

// Every invocation of the group gets the group's result. Uniform control flow required.
uint group_combine(uint v) {
    v = subgroup_combine(v);
    if (subgroupElect()) sg_part[gl_SubgroupID] = v;
    barrier();
    uint r = sg_part[0];
    for (uint k = 1u; k < gl_NumSubgroups; ++k) r = combine(r, sg_part[k]);
    barrier();
    return r;
}

// This invocation's share of x[0..n): uvec4 loads, two in flight, then the scalar tail.
uint thread_partial(uint n, bool raw) {
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    uint n4 = n / 4u;
    uint id = identity();
    uvec4 a = uvec4(id), b = uvec4(id);
    uint i = gl_GlobalInvocationID.x;
    for (; i + stride < n4; i += 2u * stride) {
        uvec4 u = x4[i];
        uvec4 w = x4[i + stride];
        a = combine4(a, raw ? encode4(u) : u);
        b = combine4(b, raw ? encode4(w) : w);
    }
    if (i < n4) {
        uvec4 u = x4[i];
        a = combine4(a, raw ? encode4(u) : u);
    }
    a = combine4(a, b);
    uint r = combine(combine(a.x, a.y), combine(a.z, a.w));
    for (uint j = n4 * 4u + gl_GlobalInvocationID.x; j < n; j += stride) {
        uint u = x1[j];
        r = combine(r, raw ? encode(u) : u);
    }
    return r;
}
