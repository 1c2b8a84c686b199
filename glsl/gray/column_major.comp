#version 450
// 004's counter-example: the same kernel with the roles of x and y swapped, so invocation
// (x, y) converts pixel (y, x). Consecutive invocations now walk down a column: addresses a
// whole row apart, one memory transaction per pixel instead of one per subgroup (uncoalesced).
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 16, local_size_y = 16) in;
layout(push_constant) uniform Push { uint width; uint rows; } p;
layout(std430, binding = 0) readonly buffer In { uint src[]; };
layout(std430, binding = 1) writeonly buffer Out { uint dst[]; };
#include "gray_common.glsl"

void main() {
    uint y = gl_GlobalInvocationID.x, x = gl_GlobalInvocationID.y;
    if (x >= p.width || y >= p.rows) return;
    uint i = y * p.width + x;
    dst[i] = gray_pixel(src[i]);
}
