#version 450
// Bandwidth probe: read every 16 bytes once (grid-stride, two loads in flight), write nothing
// unless an impossible value turns up (so the loads cannot be optimised away).
layout(local_size_x_id = 0) in;
layout(push_constant) uniform Push { uint count4; uint magic; } p;
layout(std430, binding = 0) readonly buffer Src { uvec4 src[]; };
layout(std430, binding = 1) writeonly buffer Sink { uint sink[]; };

void main() {
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    uvec4 acc = uvec4(0u);
    uint i = gl_GlobalInvocationID.x;
    for (; i + stride < p.count4; i += 2u * stride) {
        acc ^= src[i] ^ src[i + stride];
    }
    if (i < p.count4) acc ^= src[i];
    uint r = acc.x ^ acc.y ^ acc.z ^ acc.w;
    if (r == p.magic) sink[gl_GlobalInvocationID.x & 1023u] = r;
}
