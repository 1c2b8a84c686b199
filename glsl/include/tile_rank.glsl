// A tile's rank in its workgroup from packed 16-bit counts per round, shared by the look-back
// kernels (lookback_tail.glsl) and `stable`'s scatter (stable_scatter_prefix.comp). The including
// shader has ROUNDS (at most 4: two counts per word) and RANK_SUMS, a shared uvec2 array with a
// slot per subgroup.

// Round r's 16-bit field of a packed pair of counts (rounds 0, 1 in .x; 2, 3 in .y).
uint field(uvec2 packed, uint r) { return (packed[r >> 1] >> (16u * (r & 1u))) & 0xFFFFu; }

// Ranks a tile in the group from each invocation's packed counts per round `c` (the whole group,
// in uniform control flow, with RANK_SUMS free): returns the tile's count and sets `at`, the
// packed start of each of this invocation's rounds in the tile (the rounds before r + its rank
// in r; fields < 2^16, so two registers), `total`, the group's packed count per round, and
// `start`, the packed start of each of this subgroup's rounds in the tile. RANK_SUMS keeps each
// subgroup's packed counts until it is next written, so a later step can read its own.
uint rank_in_group_starts(uvec2 c, out uvec2 at, out uvec2 total, out uvec2 start) {
    uvec2 excl = subgroupExclusiveAdd(c);
    uvec2 sg_total = subgroupAdd(c);
    if (subgroupElect()) RANK_SUMS[gl_SubgroupID] = sg_total;
    barrier(); // RANK_SUMS complete
    total = uvec2(0u);
    start = uvec2(0u);
    for (uint q = 0u; q < gl_NumSubgroups; ++q) {
        if (q < gl_SubgroupID) start += RANK_SUMS[q];
        total += RANK_SUMS[q];
    }
    uint count = 0u;
    for (uint r = 0u; r < ROUNDS; ++r) {
        start[r >> 1] += count << (16u * (r & 1u));
        count += field(total, r);
    }
    at = start + excl;
    return count;
}

uint rank_in_group_totals(uvec2 c, out uvec2 at, out uvec2 total) {
    uvec2 start;
    return rank_in_group_starts(c, at, total, start);
}

uint rank_in_group(uvec2 c, out uvec2 at) {
    uvec2 total;
    return rank_in_group_totals(c, at, total);
}
