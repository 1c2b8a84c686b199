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
    // The image in tiles of 32 x 64 pixels, one tile after another per group (grid-stride over
    // the tiles): invocation l takes column l % 32 and rows l / 32 + 8 j of the tile, its eight
    // loads in flight before any is used. Tiles, not rows, because GPUs lay images out in 2D
    // blocks: a tile's texels share cache lines. (On the H200 at 8192 x 8192, a walk in row
    // order took 0.715 ms for steps 1-3, tiles of 32 x 32 0.306, these 0.286; buffers 0.215.)
    uint tiles_x = (p.width + 31u) / 32u, tiles = tiles_x * ((p.height + 63u) / 64u);
    uint lx = l % 32u, ly = l / 32u;
    for (uint t = gl_WorkGroupID.x; t < tiles; t += gl_NumWorkGroups.x) {
        uint x = (t % tiles_x) * 32u + lx, y0 = (t / tiles_x) * 64u + ly;
        uvec4 c[8];
        for (uint j = 0u; j < 8u; ++j) {
            uint y = y0 + 8u * j;
            c[j] = (x < p.width && y < p.height) ? uvec4(round(imageLoad(src, ivec2(x, y)) * 255.0)) : uvec4(0u);
        }
        for (uint j = 0u; j < 8u; ++j) {
            uint y = y0 + 8u * j;
            if (x < p.width && y < p.height) {
                if (COUNT) atomicAdd(sub_bins[sub + bin_of(c[j].r, c[j].g, c[j].b)], 1u);
                if (STRETCH) imageStore(dst, ivec2(x, y), vec4(table[c[j].r], table[c[j].g], table[c[j].b], c[j].a) / 255.0);
            }
        }
    }
    if (!COUNT) return;
    barrier(); // every count of this group is in
    uint c = 0u;
    for (uint s = 0u; s < NUM_SUB; ++s) c += sub_bins[s * BINS + l];
    if (c != 0u) atomicAdd(bins[l], c);
}
