#version 450
// 000, step 4: one workgroup per CHUNK_W x CHUNK_H chunk of pixels counts into a shared
// (workgroup) atomic histogram, then each invocation copies bins into this chunk's slot of
// the per-chunk buffer — no atomics needed for the copy. Chunk shape: 256x1 or 16x16.
layout(local_size_x_id = 0, local_size_y_id = 3) in;
layout(constant_id = 1) const uint BINS = 256u;
layout(constant_id = 2) const uint MEASURE = 0u;
#include "histogram_bin.glsl"

layout(push_constant) uniform Push { uint width; uint height; } p;
layout(std430, binding = 0) readonly buffer Pixels { uint pixels[]; };
layout(std430, binding = 1) writeonly buffer Chunks { uint chunks[]; };

shared uint group_bins[BINS];

void main() {
    uint lid = gl_LocalInvocationIndex;
    uint size = gl_WorkGroupSize.x * gl_WorkGroupSize.y;
    for (uint b = lid; b < BINS; b += size) group_bins[b] = 0u;
    barrier();

    uvec2 xy = gl_GlobalInvocationID.xy;
    if (xy.x < p.width && xy.y < p.height) {   // bounds check: images are not chunk multiples
        atomicAdd(group_bins[bin_of_packed(pixels[xy.x + xy.y * p.width])], 1u);
    }
    barrier();

    uint chunk = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    for (uint b = lid; b < BINS; b += size) chunks[chunk * BINS + b] = group_bins[b];
}
