#version 450
// `fastest` with warp-aggregated atomics: lanes whose pixels fall in the same bin are found with
// subgroupPartitionNV (VK_NV_shader_subgroup_partitioned), and one lane adds their count, so a
// natural image's runs of equal bins cost one shared atomic per distinct bin per subgroup.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_NV_shader_subgroup_partitioned : require
#define PARTITIONED 1
#include "histogram_fastest.glsl"
