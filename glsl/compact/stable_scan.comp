#version 450
// Ours, stable compaction step 2 of 3: one workgroup turns the tile counts into exclusive
// offsets, in place (each invocation a contiguous chunk: sum, workgroup exclusive scan of the
// sums, then the running offsets), and writes the total kept count.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(push_constant) uniform Push { uint ntiles; } p;
layout(std430, binding = 0) buffer Tiles { uint tile_counts[]; };
layout(std430, binding = 1) writeonly buffer State { uint count; };

shared uint sg_sum[gl_WorkGroupSize.x];

void main() {
    uint t = gl_LocalInvocationID.x;
    uint chunk = (p.ntiles + gl_WorkGroupSize.x - 1u) / gl_WorkGroupSize.x;
    uint start = min(t * chunk, p.ntiles);
    uint end = min(start + chunk, p.ntiles);
    uint s = 0u;
    for (uint i = start; i < end; ++i) s += tile_counts[i];
    uint excl = subgroupExclusiveAdd(s);
    uint total_sg = subgroupAdd(s);
    if (subgroupElect()) sg_sum[gl_SubgroupID] = total_sg;
    barrier();
    for (uint k = 0u; k < gl_SubgroupID; ++k) excl += sg_sum[k];
    for (uint i = start; i < end; ++i) {
        uint v = tile_counts[i];
        tile_counts[i] = excl;
        excl += v;
    }
    if (t == 0u) {
        uint total = 0u;
        for (uint k = 0u; k < gl_NumSubgroups; ++k) total += sg_sum[k];
        count = total;
    }
}
