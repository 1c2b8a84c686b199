#version 450
// Bandwidth probe: copy with 16-byte loads and stores, grid-stride.
layout(local_size_x_id = 0) in;
layout(push_constant) uniform Push { uint count4; } p;
layout(std430, binding = 0) readonly buffer Src { uvec4 src[]; };
layout(std430, binding = 1) writeonly buffer Dst { uvec4 dst[]; };

void main() {
    uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    for (uint i = gl_GlobalInvocationID.x; i < p.count4; i += stride) {
        dst[i] = src[i];
    }
}
