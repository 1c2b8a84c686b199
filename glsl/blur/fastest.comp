#version 450
// Ours, fastest: the whole iteration (horizontal + vertical pass) fused in ONE dispatch, so the
// image crosses memory once per iteration. Pixels are packed u32 (r | g<<8 | b<<16 | a<<24) in
// storage buffers. A workgroup owns an output tile of TW x TH texels:
//   phase 1: for the TH + N - 1 input rows the tile needs (clamped), each invocation computes
//            4 neighbouring horizontal results with a running sum (N + 3 reads, L1-cached), rounds
//            them like the separable pass and keeps them packed in shared memory;
//   phase 2: each invocation walks down 4 columns of its row segment with a vertical running
//            sum (add the row entering the window, subtract the row leaving): O(1) per output
//            whatever N, then rounds again and writes.
// Arithmetic is SWAR: a pixel becomes two u32 of 16-bit lanes ((r,b) and (g,a)), so one add
// sums two channels; lanes cannot overflow while N <= 256. Division by N is a multiply-high by
// m = ceil(2^32 / N), exact because every numerator is < 2^32 / N (checked on the CPU too).
#include "blur_common.glsl"

layout(local_size_x_id = 0) in;                 // invocations per workgroup (256)
layout(constant_id = 1) const uint TW = 64;     // output tile width, a multiple of 4
layout(constant_id = 2) const uint TH = 64;     // output tile height
layout(constant_id = 3) const uint APRON = 16;  // extra rows held in shared memory, >= N - 1

layout(std430, set = 0, binding = 0) readonly buffer Src { uint src[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Dst { uint dst[]; };

shared uint hs[(TH + APRON) * TW];

uvec2 lanes(uint p) { return uvec2(p & 0x00FF00FFu, (p >> 8u) & 0x00FF00FFu); }

// (lane + n/2) / n for the four channels, packed back to rgba8.
uint pack_div(uvec2 s, uint half_n, uint m, bool one) {
    uvec4 c = uvec4(s.x & 0xFFFFu, s.y & 0xFFFFu, s.x >> 16u, s.y >> 16u) + half_n;
    uvec4 q = c;
    if (!one) {
        uvec4 lo;
        umulExtended(c, uvec4(m), q, lo);
    }
    return q.x | (q.y << 8u) | (q.z << 16u) | (q.w << 24u);
}

void main() {
    uint n = pc.filter_size;
    int before = window_before(n);
    int after = window_after(n);
    int w = int(pc.width);
    int h = int(pc.height);
    uint half_n = n / 2u;
    bool one = n == 1u;
    uint m = 0xFFFFFFFFu / n + 1u; // ceil(2^32 / n) for n >= 2
    int x0 = int(gl_WorkGroupID.x * TW);
    int y0 = int(gl_WorkGroupID.y * TH);
    uint groups = TW / 4u;
    uint rows = TH + n - 1u;
    uint lid = gl_LocalInvocationIndex;

    // Phase 1: horizontal pass of the rows y0 - before .. y0 + TH - 1 + after into shared memory.
    for (uint i = lid; i < rows * groups; i += gl_WorkGroupSize.x) {
        uint r = i / groups;
        uint g = i - r * groups;
        int xb = x0 + int(g * 4u);
        if (xb >= w) continue;
        uint row = uint(clamp(y0 - before + int(r), 0, h - 1)) * uint(w);
        uvec2 s = uvec2(0);
        for (int k = -before; k <= after; k++) {
            s += lanes(src[row + uint(clamp(xb + k, 0, w - 1))]);
        }
        uint o = r * TW + g * 4u;
        hs[o] = pack_div(s, half_n, m, one);
        for (int j = 1; j < 4; j++) {
            s += lanes(src[row + uint(clamp(xb + j + after, 0, w - 1))]);
            s -= lanes(src[row + uint(clamp(xb + j - 1 - before, 0, w - 1))]);
            hs[o + uint(j)] = pack_div(s, half_n, m, one);
        }
    }

    barrier();

    // Phase 2: vertical running sums, 4 columns per invocation, one row segment each.
    uint segs = gl_WorkGroupSize.x / groups;
    uint g = lid % groups;
    uint seg = lid / groups;
    int xb = x0 + int(g * 4u);
    uint per = (TH + segs - 1u) / segs;
    uint r0 = seg * per;
    uint r1 = min(min(r0 + per, TH), uint(max(h - y0, 0)));
    if (xb >= w || seg >= segs || r0 >= r1) return;
    uint c = g * 4u;
    uvec2 s0 = uvec2(0), s1 = uvec2(0), s2 = uvec2(0), s3 = uvec2(0);
    for (uint r = r0; r < r0 + n; r++) {
        uint o = r * TW + c;
        s0 += lanes(hs[o]);
        s1 += lanes(hs[o + 1u]);
        s2 += lanes(hs[o + 2u]);
        s3 += lanes(hs[o + 3u]);
    }
    int valid = min(w - xb, 4);
    for (uint r = r0; r < r1; r++) {
        uint base = uint(y0 + int(r)) * uint(w) + uint(xb);
        dst[base] = pack_div(s0, half_n, m, one);
        if (valid > 1) dst[base + 1u] = pack_div(s1, half_n, m, one);
        if (valid > 2) dst[base + 2u] = pack_div(s2, half_n, m, one);
        if (valid > 3) dst[base + 3u] = pack_div(s3, half_n, m, one);
        if (r + 1u < r1) {
            uint add = (r + n) * TW + c;
            uint sub = r * TW + c;
            // (s + entering) - leaving: every lane stays in 0..=255*N, so no borrow crosses lanes.
            s0 = s0 + lanes(hs[add]) - lanes(hs[sub]);
            s1 = s1 + lanes(hs[add + 1u]) - lanes(hs[sub + 1u]);
            s2 = s2 + lanes(hs[add + 2u]) - lanes(hs[sub + 2u]);
            s3 = s3 + lanes(hs[add + 3u]) - lanes(hs[sub + 3u]);
        }
    }
}
