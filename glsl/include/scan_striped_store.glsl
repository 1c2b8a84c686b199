// The two halves of a striped tile's scan around its one barrier, shared by ours
// (reduce_then_scan_scan.comp, overlap_scan.comp). The including shader declares y1 (uint) and y4
// (uvec4) outputs, `shared uint round_totals[R][gl_WorkGroupSize.x]` with R >= STRIPED_ROUNDS, and
// TAIL (1: the pipeline of a range's last tile when it ends in a partial uvec4).

// Before the barrier: each invocation combines its uvec4 of each round, the subgroups scan those
// (one subgroup scan per round), and every subgroup's round totals go to round_totals.
void scan_rounds(uvec4 v[STRIPED_ROUNDS], out uint before_me[STRIPED_ROUNDS]) {
    [[unroll]] for (uint r = 0u; r < STRIPED_ROUNDS; ++r) {
        uint own = combine(combine(v[r].x, v[r].y), combine(v[r].z, v[r].w));
        before_me[r] = subgroup_exclusive(own);
        if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) round_totals[r][gl_SubgroupID] = combine(before_me[r], own);
    }
}

// After it: each invocation adds the tile's carry, the rounds before and the subgroups before in
// its round, and writes with 16-byte stores (TAIL: the range's last, partial uvec4 element by
// element).
void store_scanned_tile(uint tile, uvec4 v[STRIPED_ROUNDS], uint before_me[STRIPED_ROUNDS], uint carry) {
    bool exclusive = (p.flags & EXCLUSIVE) != 0u;
    uint rounds_before = carry;
    uvec4 tail = uvec4(0u);
    bool has_tail = false;
    [[unroll]] for (uint r = 0u; r < STRIPED_ROUNDS; ++r) {
        uint before_sg = identity(), round_total = identity();
        for (uint k = 0u; k < gl_NumSubgroups; ++k) {
            if (k == gl_SubgroupID) before_sg = round_total;
            round_total = combine(round_total, round_totals[r][k]);
        }
        uint run = combine(rounds_before, combine(before_sg, before_me[r]));
        uvec4 o;
        uint nxt = combine(run, v[r].x);
        o.x = store_value(exclusive ? run : nxt);
        run = nxt;
        nxt = combine(run, v[r].y);
        o.y = store_value(exclusive ? run : nxt);
        run = nxt;
        nxt = combine(run, v[r].z);
        o.z = store_value(exclusive ? run : nxt);
        run = nxt;
        nxt = combine(run, v[r].w);
        o.w = store_value(exclusive ? run : nxt);
        uint at = striped_at(tile, r);
        if (at < p.n / 4u) y4[at] = o;
        if (TAIL == 1u && at == p.n / 4u) { // the range's last, partial uvec4
            tail = o;
            has_tail = true;
        }
        rounds_before = combine(rounds_before, round_total);
    }
    // Its elements one by one.
    uint first = p.n / 4u * 4u;
    if (TAIL == 1u && has_tail) {
        for (uint c = 0u; c < 3u; ++c) {
            if (first + c < p.n) y1[first + c] = tail[c];
        }
    }
}
