#version 450
// The persistent grid kernel of stable-lookback: glsl/include/stable_lookback.glsl (design and protocol there).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#include "stable_lookback.glsl"
