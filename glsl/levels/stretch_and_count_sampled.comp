#version 450
// Auto levels on an engine's 8-bit image of any layout (UNORM, sRGB, BGRA swapchain formats),
// read as a sampled image with texelFetch: the stored codes are recovered exactly
// (sampled_codes.glsl), so the levels are those of the same bytes in an rgba8 image, and the
// result is written to an rgba8 storage image in RGBA order. Step 3 of a frame, or a following
// video frame with its histogram (glsl/include/levels_stretch_and_count.glsl). Step 1 is the
// histogram op's `fastest-sampled`, with the same DECODE.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_samplerless_texture_functions : require
layout(constant_id = 2) const uint DECODE = 0u; // 0 UNORM, 1 sRGB
#include "sampled_codes.glsl"
layout(set = 0, binding = 0) uniform texture2D src;
uvec4 stored_rgba(vec4 c) {
    return uvec4(stored_codes(c.rgb, DECODE), uint(round(clamp(c.a, 0.0, 1.0) * 255.0)));
}
#define LOAD_TEXEL(p) stored_rgba(texelFetch(src, p, 0))
#include "levels_stretch_and_count.glsl"
