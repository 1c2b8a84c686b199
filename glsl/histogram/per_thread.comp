#version 450
// 001, version 3: a private histogram per invocation (registers) over a 4x4 block of pixels,
// so an 8x8 group covers 32x32 pixels; non-zero private bins are added to the group histogram
// in shared memory, and the group's non-zero bins to the global one. LDS conflicts vanish.
layout(local_size_x = 8, local_size_y = 8) in;
layout(constant_id = 1) const uint BINS = 16u;
layout(constant_id = 2) const uint MEASURE = 1u;
#include "histogram_bin.glsl"

layout(binding = 0, rgba8) readonly uniform image2D img;
layout(std430, binding = 1) buffer Bins { uint bins[]; };

shared uint group_bins[BINS];

void main() {
    uint lid = gl_LocalInvocationIndex;
    for (uint b = lid; b < BINS; b += 64u) group_bins[b] = 0u;
    barrier();

    uint mine[BINS];
    for (uint b = 0u; b < BINS; ++b) mine[b] = 0u;
    ivec2 size = imageSize(img);
    ivec2 origin = ivec2(gl_GlobalInvocationID.xy) * 4;
    for (int dy = 0; dy < 4; ++dy) {
        for (int dx = 0; dx < 4; ++dx) {
            ivec2 xy = origin + ivec2(dx, dy);
            if (xy.x < size.x && xy.y < size.y) mine[bin_of_unorm(imageLoad(img, xy))] += 1u;
        }
    }
    for (uint b = 0u; b < BINS; ++b) {
        if (mine[b] != 0u) atomicAdd(group_bins[b], mine[b]);
    }
    barrier();

    for (uint b = lid; b < BINS; b += 64u) {
        uint c = group_bins[b];
        if (c != 0u) atomicAdd(bins[b], c);
    }
}
