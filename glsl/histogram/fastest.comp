#version 450
// Ours: the fastest exact kernel we can write for real GPUs (the body is in
// glsl/include/histogram_fastest.glsl, shared with fastest_partitioned.comp):
//  * one shared sub-histogram per subgroup, so only a subgroup's lanes contend for a bin;
//  * 16-byte loads (4 pixels per uvec4), LOADS per invocation per iteration, the next prefetched;
//  * a grid-stride loop over a persistent grid sized from the device;
//  * one bin and one atomic per subgroup when a whole subgroup's pixels are one colour (flat images);
//  * at the end each group adds its summed sub-histograms to the global bins, non-zero only.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#include "histogram_fastest.glsl"
