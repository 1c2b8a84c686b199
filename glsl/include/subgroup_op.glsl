// The reduction's operation over a subgroup (reduce_op.glsl's TYPE and OP): shared by
// reduce_group.glsl and scan_group.glsl. Needs GL_KHR_shader_subgroup_arithmetic.
uint subgroup_combine(uint v) {
    if (OP == 1u) return subgroupMin(v);
    if (OP == 2u) return subgroupMax(v);
    if (TYPE == 2u) return floatBitsToUint(subgroupAdd(uintBitsToFloat(v)));
    return subgroupAdd(v);
}
