#version 450
// Ours, fastest: the whole iteration (horizontal + vertical pass) fused in ONE dispatch, so the
// image crosses memory once per iteration. Pixels are packed u32 (r | g<<8 | b<<16 | a<<24) in
// storage buffers. A workgroup owns an output tile of TW x TH texels:
//   phase 1: for the TH + N - 1 input rows the tile needs (clamped), each item (one invocation,
//            one row, PX neighbouring columns) computes PX horizontal results with a running
//            sum (N + PX - 1 reads), rounds them like the separable pass and keeps them packed
//            in shared memory. VEC = 1 reads the span with 16-byte uvec4 loads where the row is
//            16-byte aligned (width % 4 == 0) and the span lies inside the row, and writes
//            shared memory with uvec4 stores; elsewhere (and with VEC = 0) scalar loads, clamped
//            at the image edges;
//   phase 2: each invocation walks down one column of a row segment (WG / TW segments of the
//            tile) with a vertical running sum (add the row entering the window, subtract the
//            row leaving), rounds again and writes (consecutive invocations, consecutive texels).
// The filter size N is a specialization constant (one pipeline per N and knob set): the window
// loops unroll and the tile's apron is exact.
// Arithmetic is SWAR: a pixel becomes two u32 of 16-bit lanes ((r,b) and (g,a)), so one add
// sums two channels; lanes cannot overflow while N <= 256. The rounding term N/2 is folded into
// the running sums' initial value (it survives every add/subtract), and the division by N is a
// multiply-high by m = ceil(2^32 / N) per lane (glsl/include/blur_lanes.glsl; exact for every
// numerator it meets, checked exhaustively on the CPU).
#include "blur_common.glsl"

layout(local_size_x_id = 0) in;                 // WG invocations, a multiple of TW
layout(constant_id = 1) const uint TW = 64;     // output tile width, a multiple of PX
layout(constant_id = 2) const uint TH = 64;     // output tile height
layout(constant_id = 3) const uint APRON = 14;  // extra rows held in shared memory, = N - 1
layout(constant_id = 4) const uint N = 15;      // filter size (pc.filter_size must equal it)
layout(constant_id = 5) const uint PX = 4;      // phase-1 outputs per item: 4, 8 or 16
layout(constant_id = 6) const uint VEC = 0;     // 1: uvec4 global loads and shared stores

// The source buffer is bound twice: as u32 (binding 0) and as uvec4 (binding 2), both read-only (so restrict holds).
layout(std430, set = 0, binding = 0) readonly restrict buffer Src { uint src[]; };
layout(std430, set = 0, binding = 1) writeonly restrict buffer Dst { uint dst[]; };
layout(std430, set = 0, binding = 2) readonly restrict buffer Src4 { uvec4 src4[]; };

#include "blur_lanes.glsl"

const uint ROWS = TH + APRON;
shared uvec4 hs[ROWS * TW / 4u]; // texel (row, col) is hs[i / 4][i % 4], i = row * TW + col

const uint BIAS = (N / 2u) * 0x00010001u; // N/2 in both 16-bit lanes
const int BEFORE = int((N - 1u) / 2u);
const int AFTER = int(N / 2u);
const uint L = N + PX - 1u;               // texels one phase-1 item reads
const uint D = (4u - uint(BEFORE) % 4u) % 4u; // the span's offset in its first aligned uvec4
const uint NB = (D + L + 3u) / 4u;        // uvec4 blocks covering the span

uint hs_load(uint i) { return hs[i >> 2u][i & 3u]; }

void main() {
    const uint GROUPS = TW / PX;
    int w = int(pc.width);
    int h = int(pc.height);
    int x0 = int(gl_WorkGroupID.x * TW);
    int y0 = int(gl_WorkGroupID.y * TH);
    uint lid = gl_LocalInvocationIndex;
    bool aligned = VEC != 0u && (w & 3) == 0;

    // Phase 1: horizontal pass of the rows y0 - BEFORE .. y0 + TH - 1 + AFTER into shared memory.
    for (uint i = lid; i < ROWS * GROUPS; i += gl_WorkGroupSize.x) {
        uint r = i / GROUPS;
        uint g = i - r * GROUPS;
        int xb = x0 + int(g * PX);
        if (xb >= w) continue;
        uint row = uint(clamp(y0 - BEFORE + int(r), 0, h - 1)) * uint(w);
        bool inside = xb - BEFORE >= 0 && xb + int(PX) - 1 + AFTER < w;
        uint v[L];
        if (aligned && inside) {
            // xb and row are multiples of 4, so the span starts D texels into an aligned block.
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
        uvec2 s = uvec2(BIAS);
        for (uint k = 0u; k < N; k++) s += lanes(v[k]);
        uint q[PX];
        q[0] = pack_div(s);
        for (uint j = 1u; j < PX; j++) {
            // (s + entering) - leaving: every lane stays in 0..=255*N + N/2, no borrow crosses lanes.
            s = s + lanes(v[N - 1u + j]) - lanes(v[j - 1u]);
            q[j] = pack_div(s);
        }
        uint o = (r * TW + g * PX) >> 2u;
        if (VEC != 0u) {
            for (uint t = 0u; t < PX / 4u; t++) hs[o + t] = uvec4(q[4u * t], q[4u * t + 1u], q[4u * t + 2u], q[4u * t + 3u]);
        } else {
            for (uint j = 0u; j < PX; j++) hs[o + (j >> 2u)][j & 3u] = q[j];
        }
    }

    barrier();

    // Phase 2: vertical running sums, one column per invocation, one row segment each.
    const uint SEGS = gl_WorkGroupSize.x / TW;
    const uint PER = (TH + SEGS - 1u) / SEGS;
    uint c = lid % TW;
    uint seg = lid / TW;
    int x = x0 + int(c);
    uint r0 = seg * PER;
    uint r1 = min(min(r0 + PER, TH), uint(max(h - y0, 0)));
    if (x >= w || r0 >= r1) return;
    uvec2 s = uvec2(BIAS);
    for (uint k = 0u; k < N; k++) s += lanes(hs_load((r0 + k) * TW + c));
    for (uint r = r0; r < r1; r++) {
        dst[uint(y0 + int(r)) * uint(w) + uint(x)] = pack_div(s);
        if (r + 1u < r1) s = s + lanes(hs_load((r + N) * TW + c)) - lanes(hs_load(r * TW + c));
    }
}
