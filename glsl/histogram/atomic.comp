#version 450
// 000, step 3: one invocation per pixel, `atomicAdd` on the storage buffer. Correct, but
// invocations that hit the same bin wait for each other.
layout(local_size_x = 256) in;
layout(constant_id = 1) const uint BINS = 256u;
layout(constant_id = 2) const uint MEASURE = 0u;
#include "histogram_bin.glsl"

layout(push_constant) uniform Push { uint width; uint height; } p;
layout(std430, binding = 0) readonly buffer Pixels { uint pixels[]; };
layout(std430, binding = 1) buffer Bins { uint bins[]; };

void main() {
    uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    if (i < p.width * p.height) {
        atomicAdd(bins[bin_of_packed(pixels[i])], 1u);
    }
}
