// The coalesced write of a staged tile, shared by stable_scatter.comp and the look-back kernels:
// STAGED[at + i] goes to output index base + i for i < c, invocation `lane` of `stride` taking
// every stride-th. STAGE_VEC4 (constant_id 8) = 1 with one output window (WINDOWS = 1): 16-byte
// uvec4 stores where the output index is a multiple of 4, scalar head and tail (the H200 writes
// faster so: docs/reduce_compact.md). The including shader defines STAGED (its shared array).
layout(constant_id = 8) const uint STAGE_VEC4 = 0u;
layout(std430, binding = 8) writeonly buffer Out4 { uvec4 o4[]; }; // window 0 as uvec4

void write_staged(uint at, uint base, uint c, uint lane, uint stride) {
    if (STAGE_VEC4 == 1u && WINDOWS == 1u) {
        uint head = min((4u - (base & 3u)) & 3u, c);
        uint nv = (c - head) / 4u;
        if (lane < head) o0[base + lane] = STAGED[at + lane];
        for (uint q = lane; q < nv; q += stride) {
            uint s = at + head + 4u * q;
            o4[(base + head) / 4u + q] = uvec4(STAGED[s], STAGED[s + 1u], STAGED[s + 2u], STAGED[s + 3u]);
        }
        for (uint i = head + 4u * nv + lane; i < c; i += stride) o0[base + i] = STAGED[at + i];
    } else {
        for (uint i = lane; i < c; i += stride) store_out(base + i, STAGED[at + i]);
    }
}
