#version 450
// Self-test kernel for GPU timers: every invocation spins `iterations` dependent steps, so the
// run time grows linearly with the push constant.
layout(local_size_x = 64) in;

layout(push_constant) uniform Push { uint n; uint iterations; } p;
layout(std430, binding = 0) buffer Data { uint v[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= p.n) return;
    uint x = v[i];
    for (uint k = 0u; k < p.iterations; ++k) {
        x = x * 1664525u + 1013904223u;
    }
    v[i] = x;
}
