#version 450
// Auto levels on an engine's own rgba8 storage images (the frame it just rendered), where
// stretch.comp and stretch_and_count.comp take buffers of packed pixels. One kernel, three uses,
// chosen by specialization constants:
//   COUNT only:    step 1, the luminance histogram of `src` (and step 4, of the result);
//   STRETCH only:  step 3, every pixel of `src` through the table into `dst`;
//   both:          a following video frame, stretched with the table of the frame before while
//                  this frame's histogram is counted (stretch_and_count.comp's pass).
// imageLoad of R8G8B8A8_UNORM gives c / 255 as a float, and round(v * 255) recovers c exactly;
// storing q / 255 converts back to exactly q (as blur_common.glsl does). Counting: one shared
// histogram per subgroup (up to NUM_SUB), added to the global bins once per group.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 256) in;
layout(constant_id = 0) const uint NUM_SUB = 8u;
layout(constant_id = 1) const bool COUNT = true;
layout(constant_id = 2) const bool STRETCH = true;
const uint BINS = 256u;
const uint MEASURE = 0u; // 000's luminance
#include "histogram_bin.glsl"
layout(push_constant) uniform Push { uint width; uint height; } p;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst;
layout(std430, binding = 2) readonly buffer Levels { uint levels[]; }; // black, white, 2 unused, table
layout(std430, binding = 3) buffer Bins { uint bins[]; }; // zero before

shared uint table[256];
shared uint sub_bins[NUM_SUB * BINS];

void main() {
    uint l = gl_LocalInvocationID.x;
    if (STRETCH) table[l] = levels[4u + l];
    if (COUNT) {
        for (uint i = l; i < NUM_SUB * BINS; i += 256u) sub_bins[i] = 0u;
    }
    uint sub = (gl_SubgroupID % NUM_SUB) * BINS;
    barrier(); // the table is complete, the histograms zero
    // A grid-stride walk over the pixels in row order (consecutive invocations on consecutive
    // pixels of a row), stepping x and y by the stride instead of dividing each index.
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    uint step_y = stride / p.width, step_x = stride % p.width;
    uint x = gl_GlobalInvocationID.x % p.width, y = gl_GlobalInvocationID.x / p.width;
    while (y < p.height) {
        ivec2 at = ivec2(x, y);
        uvec4 c = uvec4(round(imageLoad(src, at) * 255.0));
        if (COUNT) atomicAdd(sub_bins[sub + bin_of(c.r, c.g, c.b)], 1u);
        if (STRETCH) imageStore(dst, at, vec4(table[c.r], table[c.g], table[c.b], c.a) / 255.0);
        x += step_x;
        y += step_y;
        if (x >= p.width) {
            x -= p.width;
            y += 1u;
        }
    }
    if (!COUNT) return;
    barrier(); // every count of this group is in
    uint c = 0u;
    for (uint s = 0u; s < NUM_SUB; ++s) c += sub_bins[s * BINS + l];
    if (c != 0u) atomicAdd(bins[l], c);
}
