#version 450
// As stable_lookback.comp, in the Vulkan memory model: the status words as relaxed atomics.
#extension GL_GOOGLE_include_directive : require
#define VULKAN_MEMORY_MODEL
#include "stable_lookback.glsl"
