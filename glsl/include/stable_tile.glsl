// A tile of the stable compaction: ROUNDS x local size uvec4 loads (16-byte, coalesced: round r,
// invocation t holds elements tile_start + r*4*L + 4t .. +3). Elements past TILE_N never pass:
// p.n, unless the includer defines TILE_N first (a counted run's length).
#ifndef TILE_N
#define TILE_N p.n
#endif
layout(std430, binding = 0) readonly buffer In1 { uint x1[]; };
layout(std430, binding = 1) readonly buffer In4 { uvec4 x4[]; };

// ROUNDS_SPEC (stable_count/stable_scatter): rounds per tile are constant_id 7 (4 or 8).
#ifdef ROUNDS_SPEC
layout(constant_id = 7) const uint ROUNDS = 4u;
#else
const uint ROUNDS = 4u;
#endif

uint tile_size() { return ROUNDS * 4u * gl_WorkGroupSize.x; }

// TAIL_SPEC (stable_scatter_overlap): PARTIAL_UVEC4 is constant_id 12. 0: no uvec4 this pipeline loads
// holds both elements below TILE_N and past it (it never loads the tile that ends in a partial
// uvec4), so it has no element-by-element path: with that path in its pipeline, even where it
// never ran, the overlap's scatter took 0.160 ms instead of 0.148 at 2^26 on the H200
// (docs/reduce_compact.md).
#ifdef TAIL_SPEC
layout(constant_id = 12) const uint PARTIAL_UVEC4 = 1u;
#else
const uint PARTIAL_UVEC4 = 1u;
#endif

// Elements past TILE_N read as never_kept(): the masks need no bound checks (fewer registers live
// in the kernels that recompute them).
uvec4 load4(uint i4) {
    uint i = 4u * i4;
    if (PARTIAL_UVEC4 == 0u) return i + 3u < TILE_N ? x4[i4] : uvec4(never_kept());
    if (i + 3u < TILE_N) return x4[i4];
    uvec4 v = uvec4(never_kept());
    for (uint c = 0u; c < 4u; ++c) {
        if (i + c < TILE_N) v[c] = x1[i + c];
    }
    return v;
}

// Bit c: element c of a load4 passes.
uint pass_mask(uvec4 v) {
    uint m = 0u;
    for (uint c = 0u; c < 4u; ++c) {
        if (keep(v[c])) m |= 1u << c;
    }
    return m;
}
