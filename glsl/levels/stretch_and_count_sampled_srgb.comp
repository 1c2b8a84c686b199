#version 450
// Auto levels on an engine's 8-bit sRGB sampled image, the stored codes recovered by one lookup
// a channel in the sRGB code table, held in shared memory (sampled_codes.glsl;
// glsl/include/levels_sampled.glsl).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_samplerless_texture_functions : require
#define SRGB_LUT_BINDING 4
#include "levels_sampled.glsl"
