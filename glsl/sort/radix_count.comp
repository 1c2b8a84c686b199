#version 450
// Radix sort, step 1 of each pass: every tile counts its keys per digit (a shared histogram, as
// the image histogram's `shared` step) and writes the counts digit-major, tile_counts[digit *
// tiles + tile], so that one digit's counts over the tiles are consecutive for the scan.
#extension GL_GOOGLE_include_directive : require
layout(constant_id = 1) const uint TYPE = 0u;
#include "radix_common.glsl"
#include "sort_key.glsl"
layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, binding = 1) writeonly buffer TileCounts { uint tile_counts[]; };
layout(std430, binding = 2) readonly buffer Keys4 { uvec4 keys4[]; }; // binding 0's buffer again
#define COUNT_BINDING 3
#include "device_count.glsl"

shared uint histogram[DIGITS];

void main() {
    uint i = gl_LocalInvocationID.x, tile = gl_WorkGroupID.x;
    uint n = counted_n(p.counted != 0u, p.n);
    // Whole group: a tile past a counted run's keys (the scan and scatter stop before it; writing
    // its zeros cost as much as counting a whole tile, 20% of a counted sort on the H200).
    if (tile * TILE >= n) return;
    histogram[i] = 0u;
    barrier();
    uint start = tile * TILE;
    if (start + TILE <= n) {
        // Whole tiles: 16-byte loads, a round reads 1024 consecutive keys.
        uvec4 v[KEYS_PER_INVOCATION / 4u];
        for (uint r = 0u; r < KEYS_PER_INVOCATION / 4u; ++r) v[r] = keys4[start / 4u + r * 256u + i];
        for (uint r = 0u; r < KEYS_PER_INVOCATION / 4u; ++r) {
            for (uint c = 0u; c < 4u; ++c) atomicAdd(histogram[(to_key(v[r][c]) >> p.shift) & 0xFFu], 1u);
        }
    } else {
        for (uint r = 0u; r < KEYS_PER_INVOCATION; ++r) {
            uint at = start + r * 256u + i; // coalesced: a round reads 256 consecutive keys
            if (at < n) atomicAdd(histogram[(to_key(keys[at]) >> p.shift) & 0xFFu], 1u);
        }
    }
    barrier();
    tile_counts[i * p.tiles + tile] = histogram[i];
}
