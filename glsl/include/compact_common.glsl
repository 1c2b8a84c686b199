// Predicate, f(x) and the windowed output shared by glsl/compact/*.comp. The including shader
// declares TYPE (constant_id 1: 0 u32, 1 i32, 2 f32), PRED (2: 0 greater, 1 less, 2 nonzero,
// 3 even), FUNC (3: 0 identity, 1 negate) and the push constants
//   { uint n; uint threshold; uint out_shift; uint tile_base; } p;
// The output may exceed one storage binding: it is bound as four windows of 2^out_shift elements
// (bindings 4..7); element k goes to window k >> out_shift. WINDOWS (constant_id 5) = 1 when the
// whole output fits window 0 (the host binds it so): a plain indexed store, no branch.
layout(constant_id = 5) const uint WINDOWS = 4u;

bool keep(uint x) {
    if (PRED == 2u) return TYPE == 2u ? (x & 0x7FFFFFFFu) != 0u : x != 0u; // f32: +-0 is zero, NaN is not
    if (PRED == 3u) return (x & 1u) == 0u;                                  // integers only
    bool gt = PRED == 0u;
    if (TYPE == 2u) {
        float a = uintBitsToFloat(x), b = uintBitsToFloat(p.threshold);    // NaN passes neither
        return gt ? a > b : a < b;
    }
    if (TYPE == 1u) return gt ? int(x) > int(p.threshold) : int(x) < int(p.threshold);
    return gt ? x > p.threshold : x < p.threshold;
}

// A value that keep() rejects for every threshold: the padding of a tile past the input's end.
uint never_kept() {
    if (PRED == 2u) return 0u;                                        // zero
    if (PRED == 3u) return 1u;                                        // odd
    if (TYPE == 2u) return 0x7FC00000u;                               // NaN: neither > nor <
    bool gt = PRED == 0u;
    if (TYPE == 1u) return gt ? 0x80000000u : 0x7FFFFFFFu;           // INT_MIN > t, INT_MAX < t: never
    return gt ? 0u : 0xFFFFFFFFu;                                     // 0 > t, UINT_MAX < t: never
}

uint apply(uint x) {
    if (FUNC == 0u) return x;
    if (TYPE == 2u) return x ^ 0x80000000u; // -x, exact for every float
    return 0u - x;                          // wrapping negation
}

layout(std430, binding = 4) writeonly buffer Out0 { uint o0[]; };
layout(std430, binding = 5) writeonly buffer Out1 { uint o1[]; };
layout(std430, binding = 6) writeonly buffer Out2 { uint o2[]; };
layout(std430, binding = 7) writeonly buffer Out3 { uint o3[]; };

void store_out(uint k, uint v) {
    if (WINDOWS == 1u) {
        o0[k] = v;
        return;
    }
    uint w = k >> p.out_shift;
    uint j = k & ((1u << p.out_shift) - 1u);
    if (w == 0u) o0[j] = v;
    else if (w == 1u) o1[j] = v;
    else if (w == 2u) o2[j] = v;
    else o3[j] = v;
}
