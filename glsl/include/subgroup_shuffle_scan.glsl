// The exclusive subgroup sum of integers by shuffles up (Hillis-Steele over the lanes; every lane
// active, uniform control flow). NVIDIA's driver compiles subgroupExclusiveAdd to a called
// routine that walks the active lanes (FLO and pointer-jumping shuffles, docs/PERFORMANCE.md
// "Reading the machine code"); these compile to SHFL.UP. Integer sums wrap, so any order gives
// the same result; float sums keep the driver's routine (their rounding depends on the order).
// Used where it measured faster: the radix sort's scans (radix_common.glsl). In the scans'
// and the compaction's group scans it was not (docs/perf/2026-11-26-h100/s35/call9.txt).
#ifndef SUBGROUP_SHUFFLE_SCAN
#define SUBGROUP_SHUFFLE_SCAN
#extension GL_KHR_shader_subgroup_shuffle_relative : require

uvec4 exclusive_add_by_shuffles(uvec4 v) {
    uvec4 x = v;
    for (uint d = 1u; d < gl_SubgroupSize; d <<= 1u) {
        uvec4 t = subgroupShuffleUp(x, d);
        if (gl_SubgroupInvocationID >= d) x += t;
    }
    return x - v;
}
#endif
