#version 450
// Auto levels for video, one pass a frame: every pixel goes through the table that the frame
// before left (find_levels.comp ran on its histogram), and its luminance bin is counted at the
// same time, so this frame's histogram is ready for the next one. The levels are one frame late,
// as an engine's auto exposure is; the pixels are read once and written once, where the frame
// of its own levels (histogram, then stretch) reads them twice. Counting: one shared histogram
// per subgroup (up to NUM_SUB), added to the global bins once per group.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 256) in;
layout(constant_id = 0) const uint NUM_SUB = 8u;
const uint BINS = 256u;
const uint MEASURE = 0u; // 000's luminance
#include "histogram_bin.glsl"
layout(push_constant) uniform Push { uint count; } p; // pixels
layout(std430, binding = 0) readonly buffer In { uint src[]; };
layout(std430, binding = 1) writeonly buffer Out { uint dst[]; };
layout(std430, binding = 2) readonly buffer In4 { uvec4 src4[]; };
layout(std430, binding = 3) writeonly buffer Out4 { uvec4 dst4[]; };
layout(std430, binding = 4) readonly buffer Levels { uint levels[]; }; // the frame before's table
layout(std430, binding = 5) buffer Bins { uint bins[]; }; // zero before

shared uint table[256];
shared uint sub_bins[NUM_SUB * BINS];

uint sub; // this subgroup's histogram

uint stretch_and_count(uint px) {
    atomicAdd(sub_bins[sub + bin_of_packed(px)], 1u);
    return table[px & 255u] | (table[(px >> 8u) & 255u] << 8u) | (table[(px >> 16u) & 255u] << 16u) | (px & 0xFF000000u);
}

void main() {
    uint l = gl_LocalInvocationID.x;
    table[l] = levels[4u + l];
    for (uint i = l; i < NUM_SUB * BINS; i += 256u) sub_bins[i] = 0u;
    sub = (gl_SubgroupID % NUM_SUB) * BINS;
    barrier(); // the table is complete, the histograms zero
    uint n4 = p.count / 4u;
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    // Two 16-byte loads in flight before the first is counted (the counting's atomics would
    // otherwise stand between one load and the next).
    uint i = gl_GlobalInvocationID.x;
    for (; i + stride < n4; i += 2u * stride) {
        uvec4 v = src4[i], w = src4[i + stride];
        dst4[i] = uvec4(stretch_and_count(v.x), stretch_and_count(v.y), stretch_and_count(v.z), stretch_and_count(v.w));
        dst4[i + stride] = uvec4(stretch_and_count(w.x), stretch_and_count(w.y), stretch_and_count(w.z), stretch_and_count(w.w));
    }
    if (i < n4) {
        uvec4 v = src4[i];
        dst4[i] = uvec4(stretch_and_count(v.x), stretch_and_count(v.y), stretch_and_count(v.z), stretch_and_count(v.w));
    }
    uint t = 4u * n4 + gl_GlobalInvocationID.x;
    if (t < p.count) dst[t] = stretch_and_count(src[t]);
    barrier(); // every count of this group is in
    uint c = 0u;
    for (uint s = 0u; s < NUM_SUB; ++s) c += sub_bins[s * BINS + l];
    if (c != 0u) atomicAdd(bins[l], c);
}
