#version 450
// 002 version 1: odd-even transposition steps until nothing moves. Each step records in a shared
// flag whether any invocation swapped; the loop ends after two steps in a row (one of each
// parity) without a swap. (The document stops at the first step without a swap; one clean step
// of one parity does not prove the other parity's pairs are in order, so we wait for both.)
// WGSL's uniformity analysis rejects this shape (a barrier inside a loop whose exit depends on
// shared memory); in GLSL it is valid because every invocation reads the flag after the same
// barrier, so the exit is uniform. Bounded by 2L + 2 steps (odd-even sort needs at most 2L).
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
#include "sort_common.glsl"

shared uint swapped;

void main() {
    load_keys();
    uint clean = 0u; // consecutive steps without a swap (the same in every invocation)
    for (uint step = 0u; step < 2u * gl_WorkGroupSize.x + 2u; ++step) {
        if (gl_LocalInvocationID.x == 0u) swapped = 0u;
        barrier();
        if (transposition_step(step & 1u)) atomicOr(swapped, 1u);
        barrier();
        bool moved = swapped != 0u;
        barrier(); // everyone has read the flag before invocation 0 clears it
        clean = moved ? 0u : clean + 1u;
        if (clean == 2u) break;
    }
    store_keys();
}
