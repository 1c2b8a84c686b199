#version 450
// Onesweep radix sort, step 0 (once per sort): counts the keys of every digit value of all four
// digits in one read of the keys (four shared histograms per group, added to the global totals
// once per group), so that each pass knows where each digit's keys start in its output. Also
// resets the state for pass 0: the tickets, the fallback sizes, and status region 0 of this
// run's tiles. `digit_totals` is zero before (the last run's last group zeroed it).
#extension GL_GOOGLE_include_directive : require
layout(constant_id = 1) const uint TYPE = 0u;
#include "radix_common.glsl"
#include "sort_key.glsl"
layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, binding = 1) readonly buffer Keys4 { uvec4 keys4[]; }; // binding 0's buffer again
layout(std430, binding = 2) buffer DigitTotals { uint digit_totals[]; }; // 4 x 256: pass-major
#define STATE_BINDING 3
#include "radix_onesweep.glsl"
#define COUNT_BINDING 4
#include "device_count.glsl"

shared uint histogram[4][DIGITS];

void count(uint key) {
    for (uint d = 0u; d < 4u; ++d) atomicAdd(histogram[d][(key >> (8u * d)) & 0xFFu], 1u);
}

void main() {
    uint i = gl_LocalInvocationID.x;
    uint n = counted_n(p.counted != 0u, p.n);
    uint ntiles = (n + TILE - 1u) / TILE; // p.tiles, or fewer in a counted run (the others unused)
    for (uint d = 0u; d < 4u; ++d) histogram[d][i] = 0u;
    if (gl_WorkGroupID.x == 0u && i < 44u) {
        if (i < 36u) fallback[i] = 0u;
        else if (i < 40u) ticket[i - 36u] = 0u;
        else gave_up[i - 40u] = 0u;
    }
    barrier();
    // Tiles gl_WorkGroupID.x, + gl_NumWorkGroups.x, ...: the host dispatches fewer groups than
    // tiles, so that each group adds its histograms to the totals once for many keys.
    for (uint tile = gl_WorkGroupID.x; tile < ntiles; tile += gl_NumWorkGroups.x) {
        status[status_at(0u, tile, i)] = 0u;
        uint start = tile * TILE;
        if (start + TILE <= n) {
            uvec4 v[KEYS_PER_INVOCATION / 4u];
            for (uint r = 0u; r < KEYS_PER_INVOCATION / 4u; ++r) v[r] = keys4[start / 4u + r * 256u + i];
            for (uint r = 0u; r < KEYS_PER_INVOCATION / 4u; ++r) {
                for (uint c = 0u; c < 4u; ++c) count(to_key(v[r][c]));
            }
        } else {
            for (uint r = 0u; r < KEYS_PER_INVOCATION; ++r) {
                uint at = start + r * 256u + i;
                if (at < n) count(to_key(keys[at]));
            }
        }
    }
    barrier();
    for (uint d = 0u; d < 4u; ++d) {
        uint c = histogram[d][i];
        if (c != 0u) atomicAdd(digit_totals[d * DIGITS + i], c);
    }
}
