#version 450
#extension GL_KHR_shader_subgroup_basic : require
// Self-test of the driver: which placements of a fence keep the workgroup's barriers paired?
// Invocation 0 writes s after the code under test, and every invocation reads s after the
// barrier() that follows, and stores it. Mesa 22.3's llvmpipe suspends a subgroup at a
// device-scope fence in a loop as at a barrier: where the loop's trip count differs between
// subgroups (MODE 2, 7, 12), the others pass the next barrier early (and read s = 0) and the
// subgroups with the most fences never finish (their stores are lost). Our shaders use only the
// other placements.
layout(local_size_x = 64) in;
layout(constant_id = 0) const uint MODE = 0u;
layout(std430, binding = 0) coherent buffer Out { uint y[]; };
shared uint s;
void main() {
    uint t = gl_LocalInvocationIndex;
    if (t == 0u) s = 0u;
    barrier();
    uint trips = 3u + (y[1000] & 1u), acc = 0u;
    if (MODE == 0u) { // straight line, one lane
        if (t == 0u) memoryBarrierBuffer();
    } else if (MODE == 1u) { // straight line, subgroup 0
        if (gl_SubgroupID == 0u) memoryBarrierBuffer();
    } else if (MODE == 2u) { // loop of subgroup 0, fence in it
        if (gl_SubgroupID == 0u) for (uint i = 0u; i < trips; ++i) { acc += y[512u + i]; memoryBarrierBuffer(); }
    } else if (MODE == 3u) { // uniform loop, fence by one lane in it
        for (uint i = 0u; i < trips; ++i) { acc += y[512u + i]; if (t == 0u) memoryBarrierBuffer(); }
    } else if (MODE == 4u) { // uniform loop with a barrier, fence by one lane in it
        for (uint i = 0u; i < trips; ++i) { acc += y[512u + i]; if (t == 0u) memoryBarrierBuffer(); barrier(); }
    } else if (MODE == 5u) { // uniform loop, fence by all
        for (uint i = 0u; i < trips; ++i) { acc += y[512u + i]; memoryBarrierBuffer(); }
    } else if (MODE == 6u) { // loop of subgroup 0 without a fence
        if (gl_SubgroupID == 0u) for (uint i = 0u; i < trips; ++i) { acc += y[512u + i]; }
    } else if (MODE == 7u) { // one lane, loop of one lane with a fence
        if (t == 0u) for (uint i = 0u; i < trips; ++i) { acc += y[512u + i]; memoryBarrierBuffer(); }
    } else if (MODE == 8u) { // subgroup 0, atomics in a loop, no fence
        if (gl_SubgroupID == 0u) for (uint i = 0u; i < trips; ++i) { acc += atomicOr(y[512u + i], 0u); }
    } else if (MODE == 9u) { // loop of subgroup 0, subgroup fence in it
        if (gl_SubgroupID == 0u) for (uint i = 0u; i < trips; ++i) { acc += y[512u + i]; subgroupMemoryBarrierShared(); }
    } else if (MODE == 10u) { // loop of subgroup 0, subgroup barrier in it
        if (gl_SubgroupID == 0u) for (uint i = 0u; i < trips; ++i) { acc += y[512u + i]; subgroupBarrier(); }
    } else if (MODE == 11u) { // every subgroup loops its own number of times, subgroup fence and barrier
        for (uint i = 0u; i < trips + gl_SubgroupID; ++i) { acc += y[512u + i]; subgroupMemoryBarrierShared(); subgroupBarrier(); }
    } else if (MODE == 12u) { // every subgroup loops its own number of times, buffer fence
        for (uint i = 0u; i < trips + gl_SubgroupID; ++i) { acc += y[512u + i]; memoryBarrierBuffer(); }
    }
    if (t == 0u) s = 1u + (acc & 0u);
    barrier();
    y[gl_WorkGroupID.x * 64u + t] = s;
}
