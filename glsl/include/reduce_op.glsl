// Reduction arithmetic shared by glsl/reduce/*.comp. The including shader declares
//   layout(constant_id = 1) const uint TYPE  (0 u32, 1 i32, 2 f32)
//   layout(constant_id = 2) const uint OP    (0 sum, 1 min, 2 max)
// Data is uint bits. Sums work on the bits (wrapping integer add, or float add). Min and max work
// on an order-preserving unsigned KEY of the value (encode/decode), so one umin/umax serves all
// types: i32 flips the sign bit; f32 maps -x below +x with -0 < +0, and any NaN maps to the end
// that wins (NaN propagates; decoded as the canonical quiet NaN 0x7FC00000).

uint identity() {
    if (OP == 1u) return 0xFFFFFFFFu; // min: the largest key
    return 0u;                        // sum: 0 / +0.0;  max: the smallest key
}

uint encode(uint x) {
    if (OP == 0u) return x;
    if (TYPE == 1u) return x ^ 0x80000000u;
    if (TYPE == 2u) {
        if ((x & 0x7FFFFFFFu) > 0x7F800000u) return OP == 1u ? 0u : 0xFFFFFFFFu;
        return (x & 0x80000000u) != 0u ? ~x : (x | 0x80000000u);
    }
    return x;
}

uint decode(uint k) {
    if (OP == 0u) return k;
    if (TYPE == 1u) return k ^ 0x80000000u;
    if (TYPE == 2u) {
        if (k == 0u || k == 0xFFFFFFFFu) return 0x7FC00000u;
        return (k & 0x80000000u) != 0u ? (k & 0x7FFFFFFFu) : ~k;
    }
    return k;
}

uint combine(uint a, uint b) {
    if (OP == 1u) return min(a, b);
    if (OP == 2u) return max(a, b);
    if (TYPE == 2u) return floatBitsToUint(uintBitsToFloat(a) + uintBitsToFloat(b));
    return a + b;
}

uvec4 combine4(uvec4 a, uvec4 b) {
    if (OP == 1u) return min(a, b);
    if (OP == 2u) return max(a, b);
    if (TYPE == 2u) return floatBitsToUint(uintBitsToFloat(a) + uintBitsToFloat(b));
    return a + b;
}

uvec4 encode4(uvec4 v) {
    if (OP == 0u) return v;
    return uvec4(encode(v.x), encode(v.y), encode(v.z), encode(v.w));
}
