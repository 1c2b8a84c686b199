#version 450
// Ours, fastest-sampled's first pass for large filters: each row's running sums, from the source
// (8-bit formats: the stored codes, written as rgba8; glsl/include/blur_running_sums.glsl).
#define OUT_FORMAT rgba8
#include "blur_running_sums.glsl"
