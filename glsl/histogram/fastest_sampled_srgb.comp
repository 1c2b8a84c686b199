#version 450
// `fastest-sampled` on sRGB images (DECODE 1) with the sRGB code table in shared memory: one
// lookup a channel instead of encoding it again (sampled_codes.glsl). Where the table does not
// fit next to the histograms, fastest_sampled.comp encodes.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_samplerless_texture_functions : require
#define SRGB_LUT_BINDING 2
#include "histogram_sampled.glsl"
