#version 450
// The last step of the block scans (GPU Gems 3's "uniform add"): every element of block b gets
// the exclusive scan of the block totals at b, the total of every block before it. One element
// per invocation; chunk = elements per block; offset = this range's first block in offsets[].
#extension GL_GOOGLE_include_directive : require
#include "scan_common.glsl"
layout(std430, binding = 0) buffer Data { uint y[]; };
layout(std430, binding = 1) readonly buffer Offsets { uint offsets[]; };

void main() {
    uint i = group_index() * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (i >= p.n) return;
    y[i] = store_value(combine(offsets[p.offset + i / p.chunk], y[i]));
}
