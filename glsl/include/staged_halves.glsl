// A tile (stable_tile.glsl) written in halves through shared memory: each invocation stages its
// kept values of rounds 0-1 at their places in the tile, the group writes them out coalesced,
// then the same for rounds 2-3. Shared by `stable`'s overlapping scatter
// (stable_scatter_overlap.comp) and `tile-atomic` (tile_atomic.comp). The including shader has
// ROUNDS (4), field() (tile_rank.glsl), pass_mask(), apply(), store_out() and `stage`, a shared
// array of half a tile (2 x 4 words per invocation).

// This invocation's kept count of each round, packed in 16-bit fields (tile_rank.glsl).
uvec2 kept_per_round(uvec4 v[ROUNDS]) {
    uvec2 c = uvec2(0u);
    for (uint r = 0u; r < ROUNDS; ++r) c[r >> 1] += bitCount(pass_mask(v[r])) << (16u * (r & 1u));
    return c;
}

// Rounds from, from + 1 of this invocation's kept values into stage[], at their places in the
// tile less `less` (the kept values of the rounds before).
void stage_half(uvec4 v[ROUNDS], uvec2 at, uint from, uint less) {
    [[unroll]] for (uint r = from; r < from + ROUNDS / 2u; ++r) {
        uint m = pass_mask(v[r]), k = field(at, r) - less;
        for (uint c4 = 0u; c4 < 4u; ++c4) {
            if ((m & (1u << c4)) != 0u) stage[k++] = apply(v[r][c4]);
        }
    }
}

// The group writes `kept` staged values out from `at`, coalesced.
void write_half(uint at, uint kept) {
    for (uint i = gl_LocalInvocationID.x; i < kept; i += gl_WorkGroupSize.x) store_out(at + i, stage[i]);
}
