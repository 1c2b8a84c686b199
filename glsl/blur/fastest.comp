#version 450
// Ours, fastest: the whole iteration (horizontal + vertical pass) fused in ONE dispatch, so the
// image crosses memory once per iteration. Pixels are packed u32 (r | g<<8 | b<<16 | a<<24) in
// storage buffers. A workgroup owns an output tile of TW x TH texels:
//   phase 1: for the TH + N - 1 input rows the tile needs (clamped), each invocation computes
//            4 neighbouring horizontal results with a running sum (N + 3 reads, L1-cached), rounds
//            them like the separable pass and keeps them packed in shared memory;
//   phase 2: each invocation walks down one column of a row segment with a vertical running
//            sum (add the row entering the window, subtract the row leaving): O(1) per output
//            whatever N, rounds again and writes (consecutive invocations, consecutive texels).
// The filter size N is a specialization constant here (one pipeline per N, built on first use):
// the window loops unroll and the tile's apron is exact. Interior tiles skip the edge clamps.
// Arithmetic is SWAR: a pixel becomes two u32 of 16-bit lanes ((r,b) and (g,a)), so one add
// sums two channels; lanes cannot overflow while N <= 256. Division by N is a multiply-high by
// m = ceil(2^32 / N), exact because every numerator is < 2^32 / N (checked on the CPU too).
#include "blur_common.glsl"

layout(local_size_x_id = 0) in;                 // invocations per workgroup (256), a multiple of TW
layout(constant_id = 1) const uint TW = 64;     // output tile width, a multiple of 4
layout(constant_id = 2) const uint TH = 64;     // output tile height
layout(constant_id = 3) const uint APRON = 14;  // extra rows held in shared memory, = N - 1
layout(constant_id = 4) const uint N = 15;      // filter size (pc.filter_size must equal it)

layout(std430, set = 0, binding = 0) readonly restrict buffer Src { uint src[]; };
layout(std430, set = 0, binding = 1) writeonly restrict buffer Dst { uint dst[]; };

const uint ROWS = TH + APRON;
shared uint hs[ROWS * TW];

uvec2 lanes(uint p) { return uvec2(p & 0x00FF00FFu, (p >> 8u) & 0x00FF00FFu); }

// (lane + N/2) / N for the four channels, packed back to rgba8.
uint pack_div(uvec2 s) {
    uvec4 c = uvec4(s.x & 0xFFFFu, s.y & 0xFFFFu, s.x >> 16u, s.y >> 16u) + (N / 2u);
    uvec4 q = c;
    if (N > 1u) {
        uvec4 lo;
        umulExtended(c, uvec4(0xFFFFFFFFu / N + 1u), q, lo); // m = ceil(2^32 / N)
    }
    return q.x | (q.y << 8u) | (q.z << 16u) | (q.w << 24u);
}

void main() {
    const int before = int((N - 1u) / 2u);
    const int after = int(N / 2u);
    const uint GROUPS = TW / 4u;
    int w = int(pc.width);
    int h = int(pc.height);
    int x0 = int(gl_WorkGroupID.x * TW);
    int y0 = int(gl_WorkGroupID.y * TH);
    uint lid = gl_LocalInvocationIndex;
    bool interior = x0 - before >= 0 && x0 + int(TW) + after + 3 <= w;

    // Phase 1: horizontal pass of the rows y0 - before .. y0 + TH - 1 + after into shared memory.
    for (uint i = lid; i < ROWS * GROUPS; i += gl_WorkGroupSize.x) {
        uint r = i / GROUPS;
        uint g = i - r * GROUPS;
        int xb = x0 + int(g * 4u);
        if (xb >= w) continue;
        uint row = uint(clamp(y0 - before + int(r), 0, h - 1)) * uint(w);
        uint v[N + 3u];
        if (interior) {
            uint base = row + uint(xb - before);
            for (uint k = 0u; k < N + 3u; k++) v[k] = src[base + k];
        } else {
            for (uint k = 0u; k < N + 3u; k++) v[k] = src[row + uint(clamp(xb - before + int(k), 0, w - 1))];
        }
        uvec2 s = uvec2(0);
        for (uint k = 0u; k < N; k++) s += lanes(v[k]);
        uint o = r * TW + g * 4u;
        hs[o] = pack_div(s);
        for (uint j = 1u; j < 4u; j++) {
            // (s + entering) - leaving: every lane stays in 0..=255*N, no borrow crosses lanes.
            s = s + lanes(v[N - 1u + j]) - lanes(v[j - 1u]);
            hs[o + j] = pack_div(s);
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
    uvec2 s = uvec2(0);
    for (uint k = 0u; k < N; k++) s += lanes(hs[(r0 + k) * TW + c]);
    for (uint r = r0; r < r1; r++) {
        dst[uint(y0 + int(r)) * uint(w) + uint(x)] = pack_div(s);
        if (r + 1u < r1) s = s + lanes(hs[(r + N) * TW + c]) - lanes(hs[r * TW + c]);
    }
}
