// Order-preserving u32 images of the keys, shared by the one-workgroup sorts and the radix sort:
// one unsigned compare (or one digit of the image) sorts every type. u32 as is; i32 with the sign
// bit flipped; f32 in IEEE total order (-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN, as
// Rust's f32::total_cmp): negative values bit-inverted, the others with the sign bit set.
// The includer declares TYPE (constant_id 1: 0 u32, 1 i32, 2 f32).
uint to_key(uint v) {
    if (TYPE == 1u) return v ^ 0x80000000u;
    if (TYPE == 2u) return (v & 0x80000000u) != 0u ? ~v : (v | 0x80000000u);
    return v;
}

uint from_key(uint k) {
    if (TYPE == 1u) return k ^ 0x80000000u;
    if (TYPE == 2u) return (k & 0x80000000u) != 0u ? (k & 0x7FFFFFFFu) : ~k;
    return k;
}
