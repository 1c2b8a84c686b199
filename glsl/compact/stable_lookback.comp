#version 450
// Ours: stable compaction in one pass (decoupled look-back by a persistent grid). The algorithm
// is in glsl/include/stable_lookback.glsl (kept apart so that its steps read as one page).
#extension GL_GOOGLE_include_directive : require
#include "stable_lookback.glsl"
