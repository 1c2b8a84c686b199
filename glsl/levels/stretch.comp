#version 450
// Auto levels, step 3: every pixel's r, g and b through the table that step 2 wrote (alpha
// kept). The table goes to shared memory once per group; the image is one flat array, 4 pixels
// per 16-byte access in a grid-stride loop (as gray's vec4), the last 0..3 by invocations 0..2.
layout(local_size_x = 256) in;
layout(push_constant) uniform Push { uint count; } p; // pixels
layout(std430, binding = 0) readonly buffer In { uint src[]; };
layout(std430, binding = 1) writeonly buffer Out { uint dst[]; };
layout(std430, binding = 2) readonly buffer In4 { uvec4 src4[]; };
layout(std430, binding = 3) writeonly buffer Out4 { uvec4 dst4[]; };
layout(std430, binding = 4) readonly buffer Levels { uint levels[]; }; // see find_levels.comp

shared uint table[256];

uint stretch_pixel(uint px) {
    return table[px & 255u] | (table[(px >> 8u) & 255u] << 8u) | (table[(px >> 16u) & 255u] << 16u) | (px & 0xFF000000u);
}

void main() {
    table[gl_LocalInvocationID.x] = levels[4u + gl_LocalInvocationID.x];
    barrier(); // the table is complete
    uint n4 = p.count / 4u;
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    for (uint i = gl_GlobalInvocationID.x; i < n4; i += stride) {
        uvec4 v = src4[i];
        dst4[i] = uvec4(stretch_pixel(v.x), stretch_pixel(v.y), stretch_pixel(v.z), stretch_pixel(v.w));
    }
    uint t = 4u * n4 + gl_GlobalInvocationID.x;
    if (t < p.count) dst[t] = stretch_pixel(src[t]);
}
