#version 450
// 002 version 3: each iteration is an even step, a barrier, an odd step, a barrier; L iterations
// (2L steps). No step counter decides the parity, so the loop body is the same every time.
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
#include "sort_common.glsl"

void main() {
    load_keys();
    for (uint it = 0u; it < gl_WorkGroupSize.x; ++it) {
        transposition_step(0u);
        barrier();
        transposition_step(1u);
        barrier();
    }
    store_keys();
}
