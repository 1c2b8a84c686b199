// Ours, on an engine's image of any common colour format: `fastest`'s fused tile (both passes in
// one dispatch, the horizontal results in shared memory, running sums), reading a SAMPLED image
// with texelFetch and writing a storage image. Included by
//   fastest_sampled.comp       8-bit formats (UNORM, sRGB, BGRA): the integer blur of the stored
//                              codes (blur_common.glsl's definition), written to an rgba8 image;
//   fastest_sampled_half.comp  float formats (half, float, packed float): each pass writes the
//                              window's EXACT mean rounded to the nearest half (ties to even),
//                              written to an rgba16f image.
// Why the float blur can be exact: a half is m * 2^(s - 24) with m < 2^11 and s <= 29, an integer
// I = m << s in units of 2^-24 below 2^40. Split as I = A * 2^20 + B (|A|, |B| < 2^20), a window's
// A and B sum exactly in two int32 (at most 128 terms: < 2^27 each). The mean's rounding then
// needs only 32-bit integer divisions by N (a specialization constant: multiplies). Non-finite
// inputs are counted apart: any NaN, or +inf with -inf, gives NaN; else an infinity gives itself.
// rgba32f inputs are first rounded to half (to nearest, ties to even; overflow to infinity).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_samplerless_texture_functions : require
#include "blur_common.glsl"

layout(local_size_x_id = 0) in;             // WG invocations, a multiple of TW
layout(constant_id = 1) const uint TW = 32; // output tile width, a multiple of PX
layout(constant_id = 2) const uint TH = 50; // output tile height
layout(constant_id = 3) const uint N = 15;  // filter size (pc.filter_size must equal it)
layout(constant_id = 4) const uint PX = 8;  // phase-1 outputs per item
layout(constant_id = 5) const uint DECODE = 0u; // 8-bit formats: 0 UNORM, 1 sRGB

layout(set = 0, binding = 0) uniform texture2D src;
layout(set = 0, binding = 1, OUT_FORMAT) uniform writeonly image2D dst;

#ifdef BLUR_HALF
// ---- float formats: items are four halves (uvec2), sums are exact (A, B, non-finite counts).
#define ITEM_T uvec2
struct Acc { ivec4 a; ivec4 b; uvec4 specials; }; // specials: NaN | +inf << 8 | -inf << 16
#define ACC_T Acc

// The nearest half of a float, ties to even (overflow to infinity; NaN stays NaN).
uint half_of(float f) {
    uint x = floatBitsToUint(f), sign = (x >> 16) & 0x8000u, ax = x & 0x7FFFFFFFu;
    if (ax > 0x7F800000u) return sign | 0x7E00u;
    if (ax >= 0x477FF000u) return sign | 0x7C00u;  // from 65520 (the midpoint, tie to even: up)
    if (ax <= 0x33000000u) return sign;            // up to 2^-25 (the midpoint to 2^-24, tie: 0)
    uint q, rem, halfway;
    if (ax < 0x38800000u) {                        // below 2^-14: a subnormal half
        uint e = ax >> 23, m = (ax & 0x7FFFFFu) | 0x800000u, sh = 126u - e; // value = m * 2^(e-150)
        q = m >> sh; rem = m & ((1u << sh) - 1u); halfway = 1u << (sh - 1u);
    } else {                                       // rebias the exponent, keep 10 mantissa bits
        uint r = ax - 0x38000000u;
        q = r >> 13; rem = r & 0x1FFFu; halfway = 0x1000u;
    }
    return sign | (q + ((rem > halfway || (rem == halfway && (q & 1u) != 0u)) ? 1u : 0u));
}

ITEM_T load_item(ivec2 p) {
    vec4 c = texelFetch(src, p, 0);
    return uvec2(half_of(c.r) | (half_of(c.g) << 16), half_of(c.b) | (half_of(c.a) << 16));
}

// A half's I = A * 2^20 + B (signed), or its count in `specials` if it is not finite.
void half_parts(ITEM_T item, out ivec4 a, out ivec4 b, out uvec4 specials) {
    uvec4 h = uvec4(item.x & 0xFFFFu, item.x >> 16, item.y & 0xFFFFu, item.y >> 16);
    uvec4 e = (h >> 10u) & 31u, mant = h & 1023u;
    uvec4 m = mant | mix(uvec4(0u), uvec4(1024u), notEqual(e, uvec4(0u)));
    uvec4 s = max(e, uvec4(1u)) - 1u;              // I = m << s, s <= 29 for finite halves
    uvec4 au = mix((m << s) >> 20u, m << ((s - 20u) & 31u), greaterThanEqual(s, uvec4(20u)));
    uvec4 bu = (m << s) & 0xFFFFFu;                // m << s wraps for s > 21: its low 20 bits stay exact
    bvec4 special = equal(e, uvec4(31u));
    bvec4 neg = notEqual(h & 0x8000u, uvec4(0u));
    au = mix(au, uvec4(0u), special);
    bu = mix(bu, uvec4(0u), special);
    ivec4 sgn = mix(ivec4(1), ivec4(-1), neg);
    a = ivec4(au) * sgn;
    b = ivec4(bu) * sgn;
    uvec4 inf = mix(uvec4(1u << 8), uvec4(1u << 16), neg);
    specials = mix(uvec4(0u), mix(inf, uvec4(1u), notEqual(mant, uvec4(0u))), special);
}

ACC_T acc_zero() { return Acc(ivec4(0), ivec4(0), uvec4(0u)); }
void acc_add(inout ACC_T s, ITEM_T item) {
    ivec4 a, b; uvec4 sp;
    half_parts(item, a, b, sp);
    s.a += a; s.b += b; s.specials += sp;
}
void acc_sub(inout ACC_T s, ITEM_T item) {
    ivec4 a, b; uvec4 sp;
    half_parts(item, a, b, sp);
    s.a -= a; s.b -= b; s.specials -= sp;
}

// One channel: the exact mean S / N (S = sa * 2^20 + sb in units of 2^-24) rounded to the
// nearest half, ties to even. With q = floor(|S| / N), the half is (k << 10) + (q >> k) rounded,
// k = max(0, msb(q) - 10): subnormals (k = 0) and normals alike.
uint mean_half(int sa, int sb, uint specials) {
    uint nan = specials & 0xFFu, pinf = (specials >> 8) & 0xFFu, ninf = specials >> 16;
    if (nan != 0u || (pinf != 0u && ninf != 0u)) return 0x7E00u;
    if (pinf != 0u) return 0x7C00u;
    if (ninf != 0u) return 0xFC00u;
    int carry = sb >> 20;                          // floor: leaves 0 <= sb < 2^20
    sa += carry;
    sb -= carry << 20;
    uint sign = 0u, hi = uint(sa), lo = uint(sb);
    if (sa < 0) {                                  // |S| = (-sa - 1) * 2^20 + (2^20 - sb)
        sign = 0x8000u;
        hi = uint(-sa) - (lo != 0u ? 1u : 0u);
        lo = lo != 0u ? (1u << 20) - lo : 0u;
    }
    uint qa = hi / N, t = ((hi - qa * N) << 20) | lo; // hi < 2^27, t < N * 2^20
    uint qb = t / N, r = t - qb * N;               // q = qa * 2^20 + qb, remainder r
    int msb = qa != 0u ? findMSB(qa) + 20 : findMSB(qb);
    uint k = uint(max(msb - 10, 0));
    uint m, rem;                                   // q >> k and the bits it drops
    if (k >= 20u) {
        m = qa >> (k - 20u);
        rem = ((qa & ((1u << (k - 20u)) - 1u)) << 20) | qb;
    } else {
        m = (qa << (20u - k)) | (qb >> k);
        rem = qb & ((1u << k) - 1u);
    }
    bool up;
    if (k == 0u) {
        up = 2u * r > N || (2u * r == N && (m & 1u) != 0u);
    } else {
        uint halfway = 1u << (k - 1u);             // compare rem + r / N with 2^(k-1)
        up = rem > halfway || (rem == halfway && (r != 0u || (m & 1u) != 0u));
    }
    return sign | ((k << 10) + m + (up ? 1u : 0u));
}

ITEM_T acc_round(ACC_T s) {
    uvec4 h = uvec4(mean_half(s.a.x, s.b.x, s.specials.x), mean_half(s.a.y, s.b.y, s.specials.y),
                    mean_half(s.a.z, s.b.z, s.specials.z), mean_half(s.a.w, s.b.w, s.specials.w));
    return uvec2(h.x | (h.y << 16), h.z | (h.w << 16));
}

// Every half is exactly a float, and the rgba16f store converts it back exactly.
void store_item(ivec2 p, ITEM_T item) { imageStore(dst, p, vec4(unpackHalf2x16(item.x), unpackHalf2x16(item.y))); }

#else
// ---- 8-bit formats: items are the four stored codes packed (r | g << 8 | b << 16 | a << 24).
#include "sampled_codes.glsl"
#define ITEM_T uint
#define ACC_T uvec4

ITEM_T load_item(ivec2 p) {
    vec4 c = texelFetch(src, p, 0);
    uvec4 q = uvec4(stored_codes(c.rgb, DECODE), uint(round(clamp(c.a, 0.0, 1.0) * 255.0)));
    return q.x | (q.y << 8) | (q.z << 16) | (q.w << 24);
}
ACC_T acc_zero() { return uvec4(N / 2u); } // the rounding term, carried by every add and subtract
void acc_add(inout ACC_T s, ITEM_T item) { s += (uvec4(item) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu; }
void acc_sub(inout ACC_T s, ITEM_T item) { s -= (uvec4(item) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu; }
ITEM_T acc_round(ACC_T s) {
    uvec4 q = s / N;
    return q.x | (q.y << 8) | (q.z << 16) | (q.w << 24);
}
// As the lecture's images: storing q / 255 converts back to exactly q.
void store_item(ivec2 p, ITEM_T item) { imageStore(dst, p, vec4((uvec4(item) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu) / 255.0); }
#endif

const uint ROWS = TH + N - 1u;
shared ITEM_T hs[ROWS * TW]; // the horizontal results of the rows the tile needs
const int BEFORE = int((N - 1u) / 2u);
const uint L = N + PX - 1u; // texels one phase-1 item reads

void main() {
    const uint GROUPS = TW / PX;
    int w = int(pc.width);
    int h = int(pc.height);
    int x0 = int(gl_WorkGroupID.x * TW);
    int y0 = int(gl_WorkGroupID.y * TH);
    uint lid = gl_LocalInvocationIndex;

    // Phase 1: the horizontal pass of rows y0 - BEFORE .. y0 + TH - 1 + N / 2 (clamped) into
    // shared memory; an item is PX neighbouring outputs of one row, from one running sum.
    for (uint i = lid; i < ROWS * GROUPS; i += gl_WorkGroupSize.x) {
        uint r = i / GROUPS;
        uint g = i - r * GROUPS;
        int xb = x0 + int(g * PX);
        if (xb >= w) continue;
        int y = clamp(y0 - BEFORE + int(r), 0, h - 1);
        ITEM_T v[L];
        for (uint k = 0u; k < L; k++) v[k] = load_item(ivec2(clamp(xb - BEFORE + int(k), 0, w - 1), y));
        ACC_T s = acc_zero();
        for (uint k = 0u; k < N; k++) acc_add(s, v[k]);
        uint o = r * TW + g * PX;
        hs[o] = acc_round(s);
        for (uint j = 1u; j < PX; j++) {
            acc_add(s, v[N - 1u + j]);
            acc_sub(s, v[j - 1u]);
            hs[o + j] = acc_round(s);
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
    ACC_T s = acc_zero();
    for (uint k = 0u; k < N; k++) acc_add(s, hs[(r0 + k) * TW + c]);
    for (uint r = r0; r < r1; r++) {
        store_item(ivec2(x, y0 + int(r)), acc_round(s));
        if (r + 1u < r1) {
            acc_add(s, hs[(r + N) * TW + c]);
            acc_sub(s, hs[r * TW + c]);
        }
    }
}
