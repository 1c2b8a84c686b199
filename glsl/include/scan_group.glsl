// Group-wide scans for ours (reduce_then_scan_*.comp): subgroup arithmetic, then one shared
// slot per subgroup. Works for any subgroup size (the slots are sized for subgroups of one).
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
shared uint sg_total[gl_WorkGroupSize.x];

uint subgroup_exclusive(uint v) {
    if (OP == 1u) return subgroupExclusiveMin(v);
    if (OP == 2u) return subgroupExclusiveMax(v);
    if (TYPE == 2u) return floatBitsToUint(subgroupExclusiveAdd(uintBitsToFloat(v)));
    return subgroupExclusiveAdd(v);
}
#include "subgroup_op.glsl" // subgroup_combine

// The combination of v over the invocations before this one (in gl_LocalInvocationIndex order,
// subgroup by subgroup), and over the whole group in `total`. Uniform control flow; ends with a
// barrier, so calls may follow each other.
uint group_exclusive(uint v, out uint total) {
    uint before_me = subgroup_exclusive(v);
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) sg_total[gl_SubgroupID] = combine(before_me, v);
    barrier(); // every subgroup's total is in its slot
    uint before_sg = identity(), all = identity();
    for (uint k = 0u; k < gl_NumSubgroups; ++k) {
        if (k == gl_SubgroupID) before_sg = all;
        all = combine(all, sg_total[k]);
    }
    total = all;
    barrier(); // sg_total is free for the next call
    return combine(before_sg, before_me);
}

// The combination of v over the whole group, in every invocation. Same rules.
uint group_reduce(uint v) {
    v = subgroup_combine(v);
    if (subgroupElect()) sg_total[gl_SubgroupID] = v;
    barrier();
    uint all = identity();
    for (uint k = 0u; k < gl_NumSubgroups; ++k) all = combine(all, sg_total[k]);
    barrier();
    return all;
}
