#version 450
// Indirect arguments from a count that an earlier step wrote on the GPU (a compaction's count, a
// scan's total), so that the engine's own dispatch or draw over the counted items follows with
// no read back. One invocation: it reads one word and writes four.
layout(local_size_x = 1) in;
// mode 0: VkDispatchIndirectCommand for ceil(n / per) groups; mode 1: VkDrawIndirectCommand of
// `per` vertices and n instances. n is the count, at most `bound`; max_x: the device's most
// workgroups in x (past it the groups go on in y, as a 2D grid).
layout(push_constant) uniform Push { uint mode; uint per; uint max_x; uint bound; } p;
layout(std430, binding = 0) readonly buffer Count { uint count; };
layout(std430, binding = 1) writeonly buffer Args { uint args[4]; };

void main() {
    uint n = min(count, p.bound);
    if (p.mode == 0u) {
        uint groups = n / p.per + (n % p.per != 0u ? 1u : 0u); // ceil, without overflow
        uint x = min(groups, p.max_x);
        uint y = x == 0u ? 1u : groups / x + (groups % x != 0u ? 1u : 0u);
        args[0] = x;
        args[1] = y;
        args[2] = 1u;
        args[3] = 0u;
    } else {
        args[0] = p.per; // vertexCount
        args[1] = n;     // instanceCount
        args[2] = 0u;    // firstVertex
        args[3] = 0u;    // firstInstance
    }
}
