#version 450
// 001, version 1: image read with imageLoad from an rgba8 image2D, 8x8 workgroups,
// one global atomicAdd per pixel (the GPU stalls on atomics).
layout(local_size_x = 8, local_size_y = 8) in;
layout(constant_id = 1) const uint BINS = 16u;
layout(constant_id = 2) const uint MEASURE = 1u;
#include "histogram_bin.glsl"

layout(binding = 0, rgba8) readonly uniform image2D img;
layout(std430, binding = 1) buffer Bins { uint bins[]; };

void main() {
    ivec2 size = imageSize(img);
    ivec2 xy = ivec2(gl_GlobalInvocationID.xy);
    if (xy.x < size.x && xy.y < size.y) {
        atomicAdd(bins[bin_of_unorm(imageLoad(img, xy))], 1u);
    }
}
