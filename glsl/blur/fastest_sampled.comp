#version 450
// Ours, on an engine's 8-bit image of any layout (UNORM, sRGB, BGRA swapchain): `fastest` read
// through a sampled image; the stored codes blurred exactly as the rgba8 variants do, written to
// an rgba8 storage image (glsl/include/blur_sampled.glsl).
#define OUT_FORMAT rgba8
#include "blur_sampled.glsl"
