#version 450
// 004's particle system: 64 particles per workgroup, one invocation per particle, one dispatch
// per frame (the host puts a barrier between frames): every frame reads and writes the whole
// state, 64 bytes of traffic per particle per frame.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 64) in;
#include "particles_common.glsl"

void main() {
    uint id = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    if (id >= p.n) return;
    uvec4 a = state[2u * id], b = state[2u * id + 1u];
    precise vec3 pos = uintBitsToFloat(a.xyz);
    precise vec3 vel = uintBitsToFloat(b.xyz);
    uint life = a.w;
    step(id, p.first_frame, pos, vel, life);
    state[2u * id] = uvec4(floatBitsToUint(pos), life);
    state[2u * id + 1u] = uvec4(floatBitsToUint(vel), 0u);
}
