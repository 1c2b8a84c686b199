#version 450
// Ours: every frame of a particle in one dispatch, the state in registers between frames
// (particles do not interact, so no barrier is needed between their frames): the state crosses
// memory once per dispatch instead of once per frame. The host splits long runs into dispatches
// of at most 4096 frames (llvmpipe leaves a shader's loops after 65535 iterations).
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 256) in;
#include "particles_common.glsl"

void main() {
    uint id = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    if (id >= p.n) return;
    uvec4 a = state[2u * id], b = state[2u * id + 1u];
    precise vec3 pos = uintBitsToFloat(a.xyz);
    precise vec3 vel = uintBitsToFloat(b.xyz);
    uint life = a.w;
    for (uint f = 0u; f < p.frames; ++f) step(id, p.first_frame + f, pos, vel, life);
    state[2u * id] = uvec4(floatBitsToUint(pos), life);
    state[2u * id + 1u] = uvec4(floatBitsToUint(vel), 0u);
}
