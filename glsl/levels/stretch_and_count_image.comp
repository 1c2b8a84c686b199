#version 450
// Auto levels on an engine's own rgba8 storage images (its rendered frame), where stretch.comp
// and stretch_and_count.comp take buffers of packed pixels: step 3 of a frame, or a following
// video frame with its histogram (glsl/include/levels_stretch_and_count.glsl). Step 1 on images
// is the histogram op's `fastest-image`. imageLoad of R8G8B8A8_UNORM gives c / 255, which rounds
// back to c exactly (image_tiles.glsl).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
#include "levels_stretch_and_count.glsl"
