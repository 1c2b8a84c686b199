#version 450
// 004's grayscale kernel: 16x16 workgroups, invocation (x, y) converts pixel (x, y) of a
// row-major image. The invocations of a subgroup have consecutive x, so they read and write
// consecutive addresses of one row: coalesced.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 16, local_size_y = 16) in;
layout(push_constant) uniform Push { uint width; uint rows; } p;
layout(std430, binding = 0) readonly buffer In { uint src[]; };
layout(std430, binding = 1) writeonly buffer Out { uint dst[]; };
#include "gray_common.glsl"

void main() {
    uint x = gl_GlobalInvocationID.x, y = gl_GlobalInvocationID.y;
    if (x >= p.width || y >= p.rows) return;
    uint i = y * p.width + x;
    dst[i] = gray_pixel(src[i]);
}
