// The tile of ours' reduce-then-scan (reduce_then_scan_reduce.comp and _scan.comp): STRIPED_ROUNDS
// x 256 uvec4 = 4096 elements, one tile per group over a grid that covers the range once.
// Invocation t holds uvec4 t, t + 256, t + 512, t + 768 of the tile (striped: each round of a
// subgroup reads one contiguous run, as a copy kernel does). On the H200 the scan's body in this
// form took 0.134 ms for 2^26 u32 with its prefixes known, against 0.176 with each invocation's
// 8 elements consecutive (the copy kernel: 0.129; docs/scan.md).
// The including shader declares x1 (uint) and x4 (uvec4) inputs first.
const uint STRIPED_ROUNDS = 4u;

uint striped_tile() {
    return gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
}

// The uvec4 index (within the range) that this invocation holds in round r of tile `tile`.
uint striped_at(uint tile, uint r) {
    return (tile * STRIPED_ROUNDS + r) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
}

// The keys of uvec4 `at` of a range of n elements if it is whole (one 16-byte load), else the
// identity: for pipelines that never load a partial uvec4.
uvec4 striped_load_whole(uint at, uint n) {
    if (at >= n / 4u) return uvec4(identity());
    uvec4 u = x4[at];
    return (p.flags & ENCODE) != 0u ? encode4(u) : u;
}

// As striped_load_whole, and the last partial uvec4 element by element.
uvec4 striped_load(uint at, uint n) {
    if (at < n / 4u) return striped_load_whole(at, n);
    uvec4 v = uvec4(identity());
    uint first = 4u * at;
    if (first < n) v.x = load_key(x1[first]);
    if (first + 1u < n) v.y = load_key(x1[first + 1u]);
    if (first + 2u < n) v.z = load_key(x1[first + 2u]);
    return v;
}
