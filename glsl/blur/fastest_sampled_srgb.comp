#version 450
// `fastest-sampled` on 8-bit sRGB images (DECODE 1), the stored codes recovered by one lookup a
// channel in the sRGB code table, held in shared memory (sampled_codes.glsl), written to an
// rgba8 storage image (glsl/include/blur_sampled.glsl).
#define OUT_FORMAT rgba8
#define SRGB_LUT_BINDING 2
#include "blur_sampled.glsl"
