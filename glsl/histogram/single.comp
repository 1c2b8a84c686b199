#version 450
#extension GL_EXT_control_flow_attributes : require
// 000, step 1: ONE invocation loops over every pixel — a direct port of the CPU loop.
// (~30x slower than the CPU in the article: one GPU core is slow.)
layout(local_size_x = 1) in;
layout(constant_id = 1) const uint BINS = 256u;
layout(constant_id = 2) const uint MEASURE = 0u;
#include "histogram_bin.glsl"

layout(push_constant) uniform Push { uint width; uint height; } p;
layout(std430, binding = 0) readonly buffer Pixels { uint pixels[]; };
layout(std430, binding = 1) buffer Bins { uint bins[]; };

void main() {
    uint n = p.width * p.height;
    // The inner loop is unrolled: Mesa's llvmpipe ends a shader's loops after 65535 iterations
    // in all, so a plain loop would silently drop pixels there. The op dispatches bands of at
    // most 65000 x 256 pixels to stay under it.
    for (uint base = 0u; base < n; base += 256u) {
        [[unroll]] for (uint k = 0u; k < 256u; ++k) {
            uint i = base + k;
            if (i < n) bins[bin_of_packed(pixels[i])] += 1u;
        }
    }
}
