#version 450
// Ours: stable compaction in one pass (decoupled look-back), GLSL memory model: the status
// words in a coherent volatile buffer. The algorithm: glsl/include/stable_lookback.glsl.
#extension GL_GOOGLE_include_directive : require
#include "stable_lookback.glsl"
