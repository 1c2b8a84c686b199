#version 450
#extension GL_EXT_control_flow_attributes : require
// 000, step 5: ONE workgroup, one invocation per bin, each looping over all chunks and adding
// the sum into the result. (0.2 ms for the chunks, 11 ms for this sum in the article: too
// little parallelism.) Also used to add the reduced chunk 0 into the result.
layout(local_size_x = 256) in;
layout(constant_id = 1) const uint BINS = 256u;

layout(push_constant) uniform Push { uint chunk_count; } p;
layout(std430, binding = 0) readonly buffer Chunks { uint chunks[]; };
layout(std430, binding = 1) buffer Bins { uint bins[]; };

void main() {
    for (uint b = gl_LocalInvocationIndex; b < BINS; b += gl_WorkGroupSize.x) {
        uint sum = 0u;
        // Unrolled by 64: llvmpipe ends a shader's loops after 65535 iterations in all.
        for (uint base = 0u; base < p.chunk_count; base += 64u) {
            [[unroll]] for (uint k = 0u; k < 64u; ++k) {
                uint c = base + k;
                if (c < p.chunk_count) sum += chunks[c * BINS + b];
            }
        }
        bins[b] += sum;
    }
}
