#version 450
// Ours, fastest-sampled's first pass for large filters: each row's running sums, from the source
// (float formats: each pass the exact mean rounded to half, written as rgba16f;
// glsl/include/blur_running_sums.glsl).
#define OUT_FORMAT rgba16f
#define BLUR_HALF
#include "blur_running_sums.glsl"
