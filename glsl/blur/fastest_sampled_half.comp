#version 450
// Ours, on an engine's HDR target (half, float or packed-float formats): `fastest` read through
// a sampled image; each pass the exact window mean rounded to half, written to an rgba16f storage
// image (glsl/include/blur_sampled.glsl).
#define OUT_FORMAT rgba16f
#define BLUR_HALF
#include "blur_sampled.glsl"
