#version 450
// Ours: the conversion is per pixel, so the image is one flat array: each invocation converts
// 4 pixels with one 16-byte load and one 16-byte store, in a grid-stride loop over a persistent
// grid; invocations 0..2 of the grid convert the last 0..3 pixels with scalar accesses.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 256) in;
layout(push_constant) uniform Push { uint count; } p; // pixels in this band
layout(std430, binding = 0) readonly buffer In { uint src[]; };
layout(std430, binding = 1) writeonly buffer Out { uint dst[]; };
layout(std430, binding = 2) readonly buffer In4 { uvec4 src4[]; };
layout(std430, binding = 3) writeonly buffer Out4 { uvec4 dst4[]; };
#include "gray_common.glsl"

void main() {
    uint n4 = p.count / 4u;
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    for (uint i = gl_GlobalInvocationID.x; i < n4; i += stride) {
        uvec4 v = src4[i];
        dst4[i] = uvec4(gray_pixel(v.x), gray_pixel(v.y), gray_pixel(v.z), gray_pixel(v.w));
    }
    uint t = 4u * n4 + gl_GlobalInvocationID.x;
    if (t < p.count) dst[t] = gray_pixel(src[t]);
}
