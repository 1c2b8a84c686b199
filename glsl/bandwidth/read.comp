#version 450
// Bandwidth probe: read every 16 bytes once, write nothing unless an impossible value turns up
// (so the loads cannot be optimised away). Each group reads one block of 2 x 256 uvec4 (two loads
// in flight per invocation) over a grid that covers the buffer once (2-D past 65535 groups): on
// the H200 3-4% faster than a grid-stride loop over a persistent grid (docs/PERFORMANCE.md).
//
// REPEATED = 1 (the cache sweep, `bandwidth --sweep`): the grid covers the buffer several times
// over, group g reading block g mod `blocks`, so that data smaller than a cache is read again
// from it. 0 (the reference rates): the same code as without the constant.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint REPEATED = 0u;
layout(push_constant) uniform Push { uint count4; uint magic; uint blocks; } p;
layout(std430, binding = 0) readonly buffer Src { uvec4 src[]; };
layout(std430, binding = 1) writeonly buffer Sink { uint sink[]; };

void main() {
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    if (REPEATED == 1u) group %= p.blocks;
    uint i = 2u * group * gl_WorkGroupSize.x + gl_LocalInvocationID.x, j = i + gl_WorkGroupSize.x;
    uvec4 acc = i < p.count4 ? src[i] : uvec4(0u);
    if (j < p.count4) acc ^= src[j];
    uint r = acc.x ^ acc.y ^ acc.z ^ acc.w;
    if (r == p.magic) sink[gl_GlobalInvocationID.x & 1023u] = r;
}
