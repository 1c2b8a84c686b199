// One workgroup sorts up to 2 x local size keys in shared memory (seed 002's limit): invocation i
// loads elements i and i + L (coalesced), keys past n are the largest key so they sort last, and
// only the first n are written back. Keys are order-preserving u32 images of the values, so one
// unsigned compare sorts every type: u32 as is; i32 with the sign bit flipped; f32 in IEEE total
// order (-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN, as Rust's f32::total_cmp).
// The includer declares local_size_x_id = 0 and TYPE (constant_id 1: 0 u32, 1 i32, 2 f32).
layout(push_constant) uniform Push { uint n; } p;
layout(std430, binding = 0) readonly buffer In { uint x[]; };
layout(std430, binding = 1) writeonly buffer Out { uint y[]; };

shared uint keys[2u * gl_WorkGroupSize.x];

#include "sort_key.glsl"

void load_keys() {
    uint i = gl_LocalInvocationID.x, l = gl_WorkGroupSize.x;
    keys[i] = i < p.n ? to_key(x[i]) : 0xFFFFFFFFu;
    keys[i + l] = i + l < p.n ? to_key(x[i + l]) : 0xFFFFFFFFu;
    barrier();
}

void store_keys() {
    barrier();
    uint i = gl_LocalInvocationID.x, l = gl_WorkGroupSize.x;
    if (i < p.n) y[i] = from_key(keys[i]);
    if (i + l < p.n) y[i + l] = from_key(keys[i + l]);
}

// Puts the smaller of the keys in slots a and b into slot a; true if it swapped.
bool compare_swap(uint a, uint b) {
    uint ka = keys[a], kb = keys[b];
    if (ka <= kb) return false;
    keys[a] = kb;
    keys[b] = ka;
    return true;
}

// One odd-even transposition step over the 2L slots: parity 0 compares (2i, 2i+1), parity 1
// compares (2i+1, 2i+2); in odd steps the last invocation has no pair and idles.
bool transposition_step(uint parity) {
    uint i = gl_LocalInvocationID.x;
    uint a = 2u * i + parity;
    if (a + 1u >= 2u * gl_WorkGroupSize.x) return false;
    return compare_swap(a, a + 1u);
}
