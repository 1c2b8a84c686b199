// What every scan kernel shares: the element type and operation (reduce_op.glsl: sums on the
// bits, min/max on order-preserving keys), the push constants and the output's decoding.
// The including shader declares nothing of this.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u; // 0 u32, 1 i32, 2 f32
layout(constant_id = 2) const uint OP = 0u;   // 0 sum, 1 min, 2 max
#include "reduce_op.glsl"

// n: elements of this dispatch's range; flags: ENCODE (the input is raw values: make keys),
// DECODE (write values, not keys), EXCLUSIVE, TOTALS (write each block's total); offset: where
// this range's blocks start in the totals (or partials); chunk: elements per workgroup (ours).
layout(push_constant) uniform Push { uint n; uint flags; uint offset; uint chunk; } p;
const uint ENCODE = 1u, DECODE = 2u, EXCLUSIVE = 4u, TOTALS = 8u;

// The value of key k. An exclusive scan's first element is the identity: +inf for an f32 min,
// -inf for a max (decode() alone would give NaN, the key's other meaning is never the identity).
uint decode_out(uint k) {
    if (TYPE == 2u && OP != 0u && k == identity()) return OP == 1u ? 0x7F800000u : 0xFF800000u;
    return decode(k);
}
uint load_key(uint x) {
    return (p.flags & ENCODE) != 0u ? encode(x) : x;
}
uint store_value(uint k) {
    return (p.flags & DECODE) != 0u ? decode_out(k) : k;
}
// The group's index in a grid that may be 2D (past 65535 groups in x).
uint group_index() {
    return gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
}
