#version 450
// Ours, fastest-sampled's second pass for large filters: each column's running sums, from
// the horizontal pass's image
// (float formats: each pass the exact mean rounded to half, written as rgba16f;
// glsl/include/blur_running_sums.glsl).
#define OUT_FORMAT rgba16f
#define BLUR_HALF
#define VERTICAL
#include "blur_running_sums.glsl"
