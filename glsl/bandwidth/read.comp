#version 450
// Bandwidth probe: read every 16 bytes once, write nothing unless an impossible value turns up
// (so the loads cannot be optimised away). Each group reads one block of 2 x 256 uvec4 (two loads
// in flight per invocation) over a grid that covers the buffer once (2-D past 65535 groups): on
// the H200 3-4% faster than a grid-stride loop over a persistent grid (docs/PERFORMANCE.md).
layout(local_size_x_id = 0) in;
layout(push_constant) uniform Push { uint count4; uint magic; } p;
layout(std430, binding = 0) readonly buffer Src { uvec4 src[]; };
layout(std430, binding = 1) writeonly buffer Sink { uint sink[]; };

void main() {
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint i = 2u * group * gl_WorkGroupSize.x + gl_LocalInvocationID.x, j = i + gl_WorkGroupSize.x;
    uvec4 acc = i < p.count4 ? src[i] : uvec4(0u);
    if (j < p.count4) acc ^= src[j];
    uint r = acc.x ^ acc.y ^ acc.z ^ acc.w;
    if (r == p.magic) sink[gl_GlobalInvocationID.x & 1023u] = r;
}
