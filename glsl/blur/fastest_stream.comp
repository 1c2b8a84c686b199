#version 450
// Ours, fastest, streaming form (FastestConfig::stream_rows > 0): the same fused iteration as
// fastest.comp, but a workgroup owns a strip TW texels wide and RS rows high and walks DOWN it
// in steps of TH rows, so that
//   * the vertical window is started once per strip (N - 1 extra horizontal rows per RS rows,
//     not per TH rows as in fastest.comp: at N = 15, RS = 128 that is 11% instead of 44%),
//   * phase 2 never restarts its window: one invocation per column carries its vertical running
//     sum (two u32 of SWAR lanes) in registers from step to step,
//   * with PREFETCH, each invocation issues the global loads of its next step's span before the
//     barrier and the vertical pass of this step, which hide their latency.
// Shared memory is a ring of RING = TH + N horizontal result rows. Per step:
//   phase 1: the TH input rows entering this step's windows, horizontal pass as in fastest.comp
//            (PX outputs per item, running sum, uvec4 loads where aligned), into the ring;
//   barrier;
//   phase 2: per column, TH times: add the row entering the window, subtract the row leaving
//            it (both in the ring), round, write;
//   barrier (phase 1 of the next step overwrites the rows phase 2 just let go).
// The ring keeps one row more than a window plus a step needs (TH + N, not TH + N - 1), so the
// row leaving at the first output of a step is still there: the update is one add and one
// subtract per lane word, and output 0 subtracts a zero row.
// The ring holds each horizontal result packed (rgba8, 4 bytes) or, with LANES, as the two
// 16-bit-lane words phase 2 adds (8 bytes): twice the shared memory and 64-bit shared reads,
// but phase 1 skips packing (2 operations) and phase 2 unpacking its two reads (6 operations).
// Arithmetic (SWAR lanes, rounding term folded into the start value, multiply-high division)
// is that of fastest.comp.
#include "blur_common.glsl"

layout(local_size_x_id = 0) in;                 // WG invocations, >= TW
layout(constant_id = 1) const uint TW = 64;     // strip width, a multiple of PX
layout(constant_id = 2) const uint TH = 16;     // rows per step
layout(constant_id = 3) const uint RS = 128;    // output rows per workgroup
layout(constant_id = 4) const uint N = 15;      // filter size (pc.filter_size must equal it)
layout(constant_id = 5) const uint PX = 16;     // phase-1 outputs per item: 4, 8 or 16
layout(constant_id = 6) const uint VEC = 1;     // 1: uvec4 global loads, paired shared stores
layout(constant_id = 7) const uint PREFETCH = 1; // 1: load the next step's span a step early
layout(constant_id = 8) const uint LANES = 0;   // 1: the ring holds lane words, not packed texels

layout(std430, set = 0, binding = 0) readonly restrict buffer Src { uint src[]; };
layout(std430, set = 0, binding = 1) writeonly restrict buffer Dst { uint dst[]; };
layout(std430, set = 0, binding = 2) readonly restrict buffer Src4 { uvec4 src4[]; };

#include "blur_lanes.glsl"

const uint RING = TH + N;
const uint WORDS = 1u + LANES; // u32 per ring texel
// Texel (slot, col), i = slot * TW + col: packed, ring[i / 2][i % 2]; with LANES, ring[i].
shared uvec2 ring[RING * TW * WORDS / 2u];

const uint BIAS = (N / 2u) * 0x00010001u; // N/2 in both 16-bit lanes
const int BEFORE = int((N - 1u) / 2u);
const int AFTER = int(N / 2u);
const uint L = N + PX - 1u;               // texels one phase-1 item reads
const uint D = (4u - uint(BEFORE) % 4u) % 4u; // the span's offset in its first aligned uvec4
const uint NB = (D + L + 3u) / 4u;        // uvec4 blocks covering the span
const uint GROUPS = TW / PX;              // phase-1 items per row
const uint ITEMS = TH * GROUPS;           // phase-1 items per step

// The two lane words of ring texel i.
uvec2 ring_lanes(uint i) { return LANES != 0u ? ring[i] : lanes(ring[i >> 1u][i & 1u]); }

int width_i() { return int(pc.width); }

// Fetch: the L texels of image row y (clamped) from column xb - BEFORE on (clamped at the
// edges): uvec4 loads where the row is 16-byte aligned and the span lies inside it.
void fetch_span(int xb, int y, out uint v[L]) {
    int w = width_i();
    uint row = uint(clamp(y, 0, int(pc.height) - 1)) * uint(w);
    bool inside = xb - BEFORE >= 0 && xb + int(PX) - 1 + AFTER < w;
    if (VEC != 0u && (w & 3) == 0 && inside) {
        uint a4 = (row + uint(xb - BEFORE) - D) >> 2u;
        uvec4 b[NB];
        for (uint k = 0u; k < NB; k++) b[k] = src4[a4 + k];
        for (uint k = 0u; k < L; k++) v[k] = b[(D + k) >> 2u][(D + k) & 3u];
    } else if (inside) {
        uint base = row + uint(xb - BEFORE);
        for (uint k = 0u; k < L; k++) v[k] = src[base + k];
    } else {
        for (uint k = 0u; k < L; k++) v[k] = src[row + uint(clamp(xb - BEFORE + int(k), 0, w - 1))];
    }
}

// Horizontal pass: the PX rounded results of a span into ring row `slot` at column c0.
void horizontal(uint v[L], uint slot, uint c0) {
    uvec2 s = uvec2(BIAS);
    for (uint k = 0u; k < N; k++) s += lanes(v[k]);
    uvec2 q[PX];
    q[0] = div_lanes(s);
    for (uint j = 1u; j < PX; j++) {
        // (s + entering) - leaving: every lane stays in 0..=255*N + N/2, no borrow crosses lanes.
        s = s + lanes(v[N - 1u + j]) - lanes(v[j - 1u]);
        q[j] = div_lanes(s);
    }
    uint o = slot * TW + c0; // c0 is a multiple of PX, so o is even
    if (LANES != 0u) {
        for (uint j = 0u; j < PX; j++) ring[o + j] = q[j];
    } else if (VEC != 0u) {
        for (uint t = 0u; t < PX / 2u; t++) ring[(o >> 1u) + t] = uvec2(pack_lanes(q[2u * t]), pack_lanes(q[2u * t + 1u]));
    } else {
        for (uint j = 0u; j < PX; j++) ring[(o + j) >> 1u][j & 1u] = pack_lanes(q[j]);
    }
}

void main() {
    int w = width_i();
    int h = int(pc.height);
    int x0 = int(gl_WorkGroupID.x * TW);
    int y0 = int(gl_WorkGroupID.y * RS);
    uint lid = gl_LocalInvocationIndex;
    uint rows = min(RS, uint(h - y0));   // output rows of this strip (y0 < h)
    uint steps = (rows + TH - 1u) / TH;
    // Input row r of the strip (r = 0 is the top of the first window) is image row y0 - BEFORE + r;
    // the rows of step s are N - 1 + s * TH .. N - 2 + (s + 1) * TH.
    bool pipelined = PREFETCH != 0u && ITEMS <= gl_WorkGroupSize.x;
    uint my_g = lid % GROUPS;            // the pipelined item: row lid / GROUPS of each step
    uint my_i = lid / GROUPS;
    int my_xb = x0 + int(my_g * PX);
    bool my_item = pipelined && lid < ITEMS && my_xb < w;
    uint next[L];
    if (my_item) fetch_span(my_xb, y0 + AFTER + int(my_i), next);

    // Prefill: the first N - 1 rows of the first window, and the zero row that output 0 subtracts.
    for (uint it = lid; it < (N - 1u) * GROUPS; it += gl_WorkGroupSize.x) {
        uint r = it / GROUPS;
        uint g = it - r * GROUPS;
        int xb = x0 + int(g * PX);
        if (xb >= w) continue;
        uint v[L];
        fetch_span(xb, y0 - BEFORE + int(r), v);
        horizontal(v, r, g * PX);
    }
    for (uint i = lid; i < TW * WORDS / 2u; i += gl_WorkGroupSize.x) ring[(RING - 1u) * TW * WORDS / 2u + i] = uvec2(0u);
    barrier();

    // Phase-2 state: column c's vertical sum of rows 0 .. N - 2 (plus the rounding term).
    uint c = lid;
    int x = x0 + int(c);
    bool my_column = c < TW && x < w;
    uvec2 sum = uvec2(BIAS);
    if (my_column) {
        for (uint r = 0u; r + 1u < N; r++) sum += ring_lanes(r * TW + c);
    }

    uint first = N - 1u; // ring slot of the first row of the current step
    for (uint s = 0u; s < steps; s++) {
        // Phase 1: this step's TH input rows into the ring.
        if (pipelined) {
            if (my_item) {
                uint slot = first + my_i;
                horizontal(next, slot >= RING ? slot - RING : slot, my_g * PX);
                if (s + 1u < steps) fetch_span(my_xb, y0 + AFTER + int((s + 1u) * TH + my_i), next);
            }
        } else {
            for (uint it = lid; it < ITEMS; it += gl_WorkGroupSize.x) {
                uint i = it / GROUPS;
                uint g = it - i * GROUPS;
                int xb = x0 + int(g * PX);
                if (xb >= w) continue;
                uint v[L];
                fetch_span(xb, y0 + AFTER + int(s * TH + i), v);
                uint slot = first + i;
                horizontal(v, slot >= RING ? slot - RING : slot, g * PX);
            }
        }
        barrier();

        // Phase 2: TH output rows of column c; the row leaving sits TH slots after the entering one.
        if (my_column) {
            uint enter = first;
            uint leave = first + TH >= RING ? first + TH - RING : first + TH;
            uint out_row = s * TH;
            for (uint i = 0u; i < TH && out_row + i < rows; i++) {
                sum = sum + ring_lanes(enter * TW + c) - ring_lanes(leave * TW + c);
                dst[uint(y0 + int(out_row + i)) * uint(w) + uint(x)] = pack_div(sum);
                enter = enter + 1u == RING ? 0u : enter + 1u;
                leave = leave + 1u == RING ? 0u : leave + 1u;
            }
        }
        first = first + TH >= RING ? first + TH - RING : first + TH;
        if (s + 1u < steps) barrier();
    }
}
