#version 450
// 001, version 2: a group histogram in shared memory. Zeroed by the first threads, barrier,
// shared atomicAdd per pixel, barrier, then one global atomicAdd per non-zero bin per group.
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

    ivec2 size = imageSize(img);
    ivec2 xy = ivec2(gl_GlobalInvocationID.xy);
    if (xy.x < size.x && xy.y < size.y) {
        atomicAdd(group_bins[bin_of_unorm(imageLoad(img, xy))], 1u);
    }
    barrier();

    for (uint b = lid; b < BINS; b += 64u) {
        uint c = group_bins[b];
        if (c != 0u) atomicAdd(bins[b], c);
    }
}
