#version 450
// Seed 004's first kernel: every invocation writes its linear global index
//   x + y * numWorkGroups.x * workGroupSize.x
// together with its workgroup id and local index, so the host can check the formula.
layout(local_size_x_id = 0, local_size_y_id = 1) in;

layout(std430, binding = 0) writeonly buffer Ids { uvec4 ids[]; };

void main() {
    uint width = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    uint linear = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * width;
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    ids[linear] = uvec4(linear, group, gl_LocalInvocationIndex, 1u);
}
