#version 450
// Step 1 of the scan lecture (Hillis & Steele 1986; GPU Gems 3 ch. 39, "naive scan"): one
// element per invocation, a block of gl_WorkGroupSize.x elements scanned in shared memory in
// log2(block) steps; at step d every invocation t >= d adds the element d places before it.
// Step-efficient, not work-efficient: n log n additions instead of n. Two shared arrays (read
// one, write the other, barrier) because every invocation reads what another one overwrites.
// The block's total goes to totals[]; the host scans the totals the same way and adds them
// back (add_block_offsets.comp), so any n works.
#extension GL_GOOGLE_include_directive : require
#include "scan_common.glsl"
layout(std430, binding = 0) readonly buffer In { uint x[]; };
layout(std430, binding = 1) writeonly buffer Out { uint y[]; };
layout(std430, binding = 2) writeonly buffer Totals { uint totals[]; };
shared uint buf[2][gl_WorkGroupSize.x];

void main() {
    uint t = gl_LocalInvocationID.x, L = gl_WorkGroupSize.x;
    uint block = group_index();
    uint i = block * L + t;
    uint v = i < p.n ? load_key(x[i]) : identity();
    buf[0][t] = v;
    barrier();
    uint src = 0u;
    for (uint d = 1u; d < L; d <<= 1u) {
        uint a = buf[src][t];
        if (t >= d) a = combine(buf[src][t - d], a);
        buf[1u - src][t] = a;
        barrier(); // every invocation has written step d before anyone reads it
        src = 1u - src;
    }
    uint inclusive = buf[src][t];
    uint r = inclusive;
    if ((p.flags & EXCLUSIVE) != 0u) r = t == 0u ? identity() : buf[src][t - 1u];
    if (i < p.n) y[i] = store_value(r);
    if (t == L - 1u && (p.flags & TOTALS) != 0u) totals[p.offset + block] = inclusive;
}
