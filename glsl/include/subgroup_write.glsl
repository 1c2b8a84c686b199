// write_by_subgroups(): a tile held in registers (v, its masks recomputed, its in-tile ranks `at`)
// written out at base + rank by subgroups, one round at a time. Shared by the one-tile look-back
// kernel's warp write (stable_lookback_tile.glsl) and `stable`'s scatters
// (stable_scatter_prefix.comp; stable_scatter_overlap.comp with HALVES = 0). A subgroup's
// kept values of one round are consecutive in the tile (from `start`, its rounds' packed starts),
// so it stages them in its own part of a one-round STAGED[] (4 words per invocation) and writes
// them out coalesced, with subgroup barriers only. Where a round starts and how many it keeps
// come from the rank (rank_in_group_starts, RANK_SUMS still this tile's), not from subgroupMin /
// subgroupMax of the lanes' ranks: those see only the lanes that happen to be together, and
// SPIR-V does not promise that a subgroup's lanes reconverge after they diverge (the held grid's
// write was wrong on the H200 for that reason: docs/reduce_compact.md, "2026-12-02"). The whole
// group, in uniform control flow. The including shader has ROUNDS (at most 4), field() and
// RANK_SUMS (tile_rank.glsl), pass_mask(), apply(), store_out() and STAGED, a shared array of at
// least 4 words per invocation.
void write_by_subgroups(uvec4 v[ROUNDS], uvec2 at, uvec2 start, uint base) {
    uint lane = gl_SubgroupInvocationID, sg = gl_SubgroupSize;
    uint region = 4u * sg * gl_SubgroupID;
    // Unrolled to the most rounds (4) so that v[r] stays in registers: with the subgroup
    // barriers in the loop, the H200's compiler kept v[] in local memory.
    [[unroll]] for (uint r = 0u; r < 4u; ++r) {
        if (r >= ROUNDS) break;
        uint m = pass_mask(v[r]);
        uint k = field(at, r);
        uint k0 = field(start, r), kept = field(RANK_SUMS[gl_SubgroupID], r);
        uint k4 = region + k - k0;
        for (uint c4 = 0u; c4 < 4u; ++c4) {
            if ((m & (1u << c4)) != 0u) STAGED[k4++] = apply(v[r][c4]);
        }
        subgroupMemoryBarrierShared();
        subgroupBarrier(); // the round is staged
        for (uint i = lane; i < kept; i += sg) store_out(base + k0 + i, STAGED[region + i]);
        subgroupBarrier(); // read out before the next round is staged
    }
}
