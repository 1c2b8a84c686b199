#version 450
// The persistent grid kernel of stable-lookback (glsl/include/stable_lookback.glsl) whose look-back waits
// on the subgroup clock before its first read and between re-reads of a window that held an
// unpublished predecessor (WAIT_FIRST, WAIT_POLL in lookback_walk.glsl): what CUB does with
// __nanosleep. Needs VK_KHR_shader_clock (shaderSubgroupClock).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_ARB_shader_clock : require
#define LOOKBACK_WAIT
#include "stable_lookback.glsl"
