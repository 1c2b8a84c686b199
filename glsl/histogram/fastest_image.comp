#version 450
// Ours, on 001's input (an rgba8 image2D, as an engine's rendered frame): a persistent grid
// walks the image in tiles (image_tiles.glsl) and counts into one shared sub-histogram per
// subgroup (up to NUM_SUB, as many as fit), added to the global bins once per group. Where
// `fastest` reads packed pixels 16 bytes at a time, an image gives one texel per load.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 256) in;
layout(constant_id = 1) const uint BINS = 256u;
layout(constant_id = 2) const uint MEASURE = 0u;
layout(constant_id = 3) const uint NUM_SUB = 8u;
#include "histogram_bin.glsl"

layout(binding = 0, rgba8) readonly uniform image2D src;
layout(std430, binding = 1) buffer Bins { uint bins[]; };

shared uint sub_bins[NUM_SUB * BINS];
uint sub; // this subgroup's sub-histogram

void texel(ivec2 at, uvec4 c) {
    atomicAdd(sub_bins[sub + bin_of(c.r, c.g, c.b)], 1u);
}
#include "image_tiles.glsl"

void main() {
    uint l = gl_LocalInvocationID.x;
    for (uint i = l; i < NUM_SUB * BINS; i += 256u) sub_bins[i] = 0u;
    sub = (gl_SubgroupID % NUM_SUB) * BINS;
    barrier(); // the sub-histograms are zero
    ivec2 size = imageSize(src);
    walk_image_tiles(uint(size.x), uint(size.y));
    barrier(); // every count of this group is in
    for (uint b = l; b < BINS; b += 256u) {
        uint c = 0u;
        for (uint s = 0u; s < NUM_SUB; ++s) c += sub_bins[s * BINS + b];
        if (c != 0u) atomicAdd(bins[b], c);
    }
}
