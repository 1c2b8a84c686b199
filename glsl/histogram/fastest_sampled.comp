#version 450
// Ours, on an engine's image of any common colour format (swapchain BGRA, sRGB, half and float
// HDR targets): `fastest-image`'s walk, reading each texel with texelFetch from a sampled image,
// which every format offers, where storage images are rgba8-only on many devices. The format
// unit decodes (sRGB to linear, BGRA to RGBA, half to float); DECODE undoes what must be exact
// (sampled_codes.glsl), so an sRGB image bins as the same bytes in an UNORM one do; FLOAT takes
// the colour itself, for log-luminance.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 256) in;
layout(constant_id = 1) const uint BINS = 256u;
layout(constant_id = 2) const uint MEASURE = 0u;
layout(constant_id = 3) const uint NUM_SUB = 8u;
layout(constant_id = 4) const uint DECODE = 0u;
#include "histogram_bin.glsl"
#include "sampled_codes.glsl"

layout(binding = 0) uniform texture2D src;
layout(std430, binding = 1) buffer Bins { uint bins[]; };

uint texel_bin(vec4 c) {
    if (DECODE == DECODE_FLOAT) return bin_of_log_luminance(c.rgb);
    uvec3 u = stored_codes(c.rgb, DECODE);
    return bin_of(u.r, u.g, u.b);
}
#define TEXEL_T vec4
#define LOAD_TEXEL(p) texelFetch(src, p, 0)
#define IMAGE_SIZE textureSize(src, 0)
#include "histogram_image_walk.glsl"
