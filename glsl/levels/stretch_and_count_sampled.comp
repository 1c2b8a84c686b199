#version 450
// Auto levels on an engine's 8-bit sampled image (UNORM, BGRA): step 3 of a frame, or a following
// video frame with its histogram (glsl/include/levels_sampled.glsl). sRGB images take
// stretch_and_count_sampled_srgb.comp.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_samplerless_texture_functions : require
#include "levels_sampled.glsl"
