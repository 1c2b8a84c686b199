#version 450
// The shader cores' clock probe (gpu::sm_clock_mhz): one invocation spins on the subgroup clock
// (the multiprocessor's cycle counter on NVIDIA) until p.cycles have passed, and writes how many
// it counted into slot p.slot. The host times two such dispatches of different lengths with GPU
// timestamps: the extra cycles over the extra nanoseconds are the clock rate.
#extension GL_ARB_shader_clock : require
layout(local_size_x = 1) in;
layout(push_constant) uniform Push { uint cycles; uint slot; } p;
layout(std430, binding = 0) writeonly buffer Counted { uint counted[]; };

void main() {
    uint t0 = clock2x32ARB().x, t = t0;
    // Bounded: llvmpipe leaves a loop after 65535 iterations, and a clock that stood still must
    // not hang the device.
    for (uint i = 0u; i < 60000u && t - t0 < p.cycles; ++i) t = clock2x32ARB().x;
    counted[p.slot] = t - t0;
}
