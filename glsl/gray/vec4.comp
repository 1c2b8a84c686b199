#version 450
// Ours: the conversion is per pixel, so the image is one flat array: each invocation converts 4
// pixels with one 16-byte load and one 16-byte store, over a grid that covers the image once
// (2-D past 65535 groups); the first group's invocations 0..2 convert the last 0..3 pixels with
// scalar accesses. On the H200 a grid-stride loop over a persistent grid was 11% slower, and 2,
// 4 or 8 loads per invocation were slower too (docs/gray.md).
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 256) in;
layout(push_constant) uniform Push { uint count; } p; // pixels in this band
layout(std430, binding = 0) readonly buffer In { uint src[]; };
layout(std430, binding = 1) writeonly buffer Out { uint dst[]; };
layout(std430, binding = 2) readonly buffer In4 { uvec4 src4[]; };
layout(std430, binding = 3) writeonly buffer Out4 { uvec4 dst4[]; };
#include "gray_common.glsl"

void main() {
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint i = group * 256u + gl_LocalInvocationID.x;
    if (i < p.count / 4u) {
        uvec4 v = src4[i];
        dst4[i] = uvec4(gray_pixel(v.x), gray_pixel(v.y), gray_pixel(v.z), gray_pixel(v.w));
    }
    uint t = p.count / 4u * 4u + gl_LocalInvocationID.x;
    if (group == 0u && t < p.count) dst[t] = gray_pixel(src[t]);
}
