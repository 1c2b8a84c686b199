#version 450
// 002 version 2: a fixed 2L steps (enough for 2L keys), the parity of each chosen by
// step % 2 — correct, but the odd steps leave the last invocation idle (divergence).
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
#include "sort_common.glsl"

void main() {
    load_keys();
    for (uint step = 0u; step < 2u * gl_WorkGroupSize.x; ++step) {
        transposition_step(step % 2u);
        barrier();
    }
    store_keys();
}
