#version 450
// 000, step 6: reduce the chunks pairwise. Dispatch k (stride = 1, 2, 4, ...) has one
// workgroup per pair: chunk[i] += chunk[i + stride] with i = 2 * stride * pair. After
// ceil(log2(chunks)) dispatches chunk 0 holds the histogram.
layout(local_size_x = 256) in;
layout(constant_id = 1) const uint BINS = 256u;

layout(push_constant) uniform Push { uint chunk_count; uint stride; } p;
layout(std430, binding = 0) buffer Chunks { uint chunks[]; };

void main() {
    uint pair = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint dst = pair * 2u * p.stride;
    uint src = dst + p.stride;
    if (src >= p.chunk_count) return;
    for (uint b = gl_LocalInvocationIndex; b < BINS; b += gl_WorkGroupSize.x) {
        chunks[dst * BINS + b] += chunks[src * BINS + b];
    }
}
