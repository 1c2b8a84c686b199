#version 450
// Self-test kernel of the thin layer: y[i] = x[i] * push.mul + ADD (a specialization constant).
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint ADD = 1u;

layout(push_constant) uniform Push { uint n; uint mul; } p;
layout(std430, binding = 0) readonly buffer In { uint x[]; };
layout(std430, binding = 1) writeonly buffer Out { uint y[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < p.n) {
        y[i] = x[i] * p.mul + ADD;
    }
}
