// The items the sampled blurs sum (glsl/include/blur_sampled.glsl, the blur's running-sum
// passes): decode_texel (a fetched texel to an item), acc_zero / acc_add / acc_sub (a window's
// running sum), acc_round (the sum to the pass's output) and encode_texel (an item to store). The
// including kernel declares N (the filter size) and, for 8-bit formats, DECODE (0 UNORM, 1 sRGB)
// first. Two definitions:
//   BLUR_HALF  float formats: each pass the window's EXACT mean rounded to the nearest half
//              (ties to even). A half is m * 2^(s - 24) with m < 2^11 and s <= 29, an integer
//              I = m << s in units of 2^-24 below 2^40. Split as I = A * 2^20 + B (|A|, |B| <
//              2^20), a window's A and B sum exactly in two int32 (at most 128 terms: < 2^27
//              each). The mean's rounding takes no division: a float approximation, checked near
//              a midpoint by an exact integer comparison (mean_value). Non-finite inputs are
//              counted apart: any NaN, or +inf with -inf, gives NaN; else an infinity gives
//              itself. rgba32f inputs are first rounded to half (ROUND_F32).
//   else       8-bit formats: the stored codes (UNORM, sRGB, BGRA), blurred with
//              blur_common.glsl's integer definition.
#ifdef BLUR_HALF
// ---- float formats: texels are four exact halves held as floats; sums are exact (A, B) pairs
// with the non-finite values counted apart.
layout(constant_id = 6) const uint ROUND_F32 = 0u; // 1: rgba32f texels, rounded to half first
#define ITEM_T vec4
// a, b: the sums of A and B; nan, pinf, ninf: counts of NaN, +inf, -inf, 8 bits a channel.
struct Acc { ivec4 a; ivec4 b; uint nan; uint pinf; uint ninf; };
#define ACC_T Acc

const float TWO_M24 = 5.9604644775390625e-8; // 2^-24

uint packed_counts(bvec4 m) {
    uvec4 u = uvec4(m);
    return u.x | (u.y << 8) | (u.z << 16) | (u.w << 24);
}

// The half nearest |x| (|x| below 65520), ties to even, with x's sign, by adding and subtracting
// c = 2^(max(e, -14) + 13): the float add rounds to nearest even at the half's spacing. `c` is
// returned for the caller's tie check.
float nearest_half_value(float x, out float c) {
    c = uintBitsToFloat(max(floatBitsToUint(x) & 0x7F800000u, 0x38800000u) + (13u << 23));
    precise float y = (abs(x) + c) - c;
    return x < 0.0 ? -y : y;
}

// rgba32f texels to half, as a format conversion would: to nearest, ties to even, overflow to
// infinity, NaN kept.
vec4 round_input(vec4 x) {
    vec4 r;
    for (int i = 0; i < 4; i++) {
        float c;
        r[i] = abs(x[i]) >= 65520.0 ? uintBitsToFloat((floatBitsToUint(x[i]) & 0x80000000u) | 0x7F800000u) : nearest_half_value(x[i], c);
    }
    return r;
}

// A fetched texel as an item.
ITEM_T decode_texel(vec4 x) { return ROUND_F32 != 0u ? round_input(x) : x; }

// A half's I = A * 2^20 + B in units of 2^-24 (signed, |A| <= 2^20, |B| < 2^20), from its
// float: t = 16 x is exact, its integer part is A and 2^20 times the rest is B. Non-finite
// values count apart and add nothing.
void acc_step(inout ACC_T s, ITEM_T x, int dir) {
    vec4 f = x;
    if (!all(lessThanEqual(abs(x), vec4(65504.0)))) { // NaN or an infinity in some channel (rare)
        bvec4 nan = isnan(x), inf = isinf(x);
        f = mix(x, vec4(0.0), bvec4(uvec4(nan) | uvec4(inf)));
        uint sgn = uint(dir);
        s.nan += sgn * packed_counts(nan);
        s.pinf += sgn * packed_counts(bvec4(uvec4(inf) & uvec4(greaterThan(x, vec4(0.0)))));
        s.ninf += sgn * packed_counts(bvec4(uvec4(inf) & uvec4(lessThan(x, vec4(0.0)))));
    }
    vec4 t = f * 16.0, ta = trunc(t);
    s.a += dir * ivec4(ta);
    s.b += dir * ivec4((t - ta) * 1048576.0);
}
ACC_T acc_zero() { return Acc(ivec4(0), ivec4(0), 0u, 0u, 0u); }
void acc_add(inout ACC_T s, ITEM_T x) { acc_step(s, x, 1); }
void acc_sub(inout ACC_T s, ITEM_T x) { acc_step(s, x, -1); }

// One finite channel: the exact mean S / N (S = sa * 2^20 + sb in units of 2^-24) rounded to the
// nearest half, ties to even. A float approximation x of the mean (relative error under
// 4 * 2^-24: at most 8 ulps) rounds to the half y. Only where x lies within 16 ulps of the
// midpoint M between y and its neighbour toward x can the true mean be on M's other side, or on
// M (ties are common: windows that span two binades have odd means on midpoints); there the
// sign of 2S - N * 2M decides, computed modulo 2^32: near M it is at most 1.5 * 2^29 in
// magnitude, so the wrapped difference is exact. No division, no branch.
float mean_value(int sa, int sb) {
    int carry = sb >> 20;
    float x = (float(sa + carry) * 1048576.0 + float(sb - (carry << 20))) * pc.mean_scale;
    float ax = abs(x), c;
    float y = abs(nearest_half_value(ax, c));
    float h = c * TWO_M24;                         // half the spacing of halves around x
    precise float off = ax - y;                    // exact: ax and y are within a factor of 2
    bool near = abs(abs(off) - h) <= c * 2.3283064365386963e-10; // 16 ulps of x: 2^-32 c
    float step = off >= 0.0 ? 2.0 * h : -2.0 * h;  // y to its neighbour toward x
    float m = y + 0.5 * step;                      // the midpoint (12 significant bits: exact)
    // 2M in units of 2^-24, modulo 2^32, from m's bits: significand << (exponent + 2).
    uint mb = floatBitsToUint(m);
    int ex = int(mb >> 23) - 127 + 2;
    uint sig = (mb & 0x7FFFFFu) | 0x800000u;
    uint twice_m = ex >= 0 ? sig << uint(min(ex, 31)) : sig >> uint(min(-ex, 31));
    uint s2 = ((uint(sa) << 20) + uint(sb)) << 1;  // 2S modulo 2^32
    if (x < 0.0) s2 = 0u - s2;                     // 2|S|
    int d = int(s2 - N * twice_m);                 // 2|S| - N * 2M: > 0 above the midpoint
    float other = y + step;
    // y's parity: its index on the grid of halves (y / spacing, exact, below 2^12).
    bool odd = (uint(y * uintBitsToFloat((254u << 23) - floatBitsToUint(2.0 * h))) & 1u) != 0u;
    bool beyond = off >= 0.0 ? d > 0 : d < 0;      // the true mean is on the neighbour's side of M
    float r = near && (beyond || (d == 0 && odd)) ? other : y;
    return x < 0.0 ? -r : r;
}

// Windows holding non-finite values (rare), in a loop kept rolled.
vec4 acc_round_rare(ACC_T s, vec4 r) {
    [[dont_unroll]] for (uint i = 0u; i < 4u; i++) {
        uint sh = 8u * i;
        bool nan = ((s.nan >> sh) & 0xFFu) != 0u, pinf = ((s.pinf >> sh) & 0xFFu) != 0u, ninf = ((s.ninf >> sh) & 0xFFu) != 0u;
        if (nan || (pinf && ninf)) r[i] = uintBitsToFloat(0x7FC00000u);
        else if (pinf) r[i] = uintBitsToFloat(0x7F800000u);
        else if (ninf) r[i] = uintBitsToFloat(0xFF800000u);
    }
    return r;
}

ITEM_T acc_round(ACC_T s) {
    vec4 r = vec4(mean_value(s.a.x, s.b.x), mean_value(s.a.y, s.b.y), mean_value(s.a.z, s.b.z), mean_value(s.a.w, s.b.w));
    if ((s.nan | s.pinf | s.ninf) != 0u) r = acc_round_rare(s, r);
    return r;
}

// Every half is exactly a float, and the rgba16f store converts it back exactly.
vec4 encode_texel(ITEM_T v) { return v; }

#else
// ---- 8-bit formats: items are the four stored codes packed (r | g << 8 | b << 16 | a << 24).
#include "sampled_codes.glsl"
#define ITEM_T uint
#define ACC_T uvec4

ITEM_T decode_texel(vec4 c) {
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
vec4 encode_texel(ITEM_T item) { return vec4((uvec4(item) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu) / 255.0; }
#endif
