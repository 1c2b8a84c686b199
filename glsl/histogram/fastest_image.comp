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

uint texel_bin(uvec4 c) {
    return bin_of(c.r, c.g, c.b);
}
#define IMAGE_SIZE imageSize(src)
#include "histogram_image_walk.glsl"
