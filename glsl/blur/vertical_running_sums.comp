#version 450
// Ours, fastest-sampled's second pass for large filters: each column's running sums, from
// the horizontal pass's image
// (8-bit formats: the stored codes, written as rgba8; glsl/include/blur_running_sums.glsl).
#define OUT_FORMAT rgba8
#define VERTICAL
#include "blur_running_sums.glsl"
