#version 450
// Ours, on an engine's image of any common colour format: `fastest-image`'s walk reading a
// sampled image (glsl/include/histogram_sampled.glsl). sRGB images take
// fastest_sampled_srgb.comp where its code table fits.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_samplerless_texture_functions : require
#include "histogram_sampled.glsl"
