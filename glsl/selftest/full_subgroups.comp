#version 450
// Self-test of what the kernels assume of subgroups: in a workgroup whose width is a multiple of
// the subgroup size, every subgroup runs all gl_SubgroupSize lanes (SPIR-V 1.6's full subgroups;
// below 1.6 a driver may report 32 lanes and run 8 or 16), and invocation i of the group is lane
// i % size of subgroup i / size (the kernels place data by gl_LocalInvocationIndex and rank it
// in subgroup order). out[i] = 1 where both hold, else 0x80000000 | gl_SubgroupSize << 16 | the
// lanes that are running (a device may choose the size per pipeline: Intel's 8, 16 or 32).
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x_id = 0) in;
layout(std430, binding = 0) writeonly buffer Out { uint result[]; };

void main() {
    uint running = subgroupBallotBitCount(subgroupBallot(true));
    bool full = running == gl_SubgroupSize;
    bool linear = gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID == gl_LocalInvocationIndex;
    uint i = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationIndex;
    result[i] = full && linear ? 1u : 0x80000000u | (gl_SubgroupSize << 16) | running;
}
