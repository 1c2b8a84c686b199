#version 450
// `overlap`, after both steps (and a barrier): flip the set of words the next run uses
// (overlap_reduce.comp). One invocation.
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer State { uint set; };

void main() {
    set ^= 1u;
}
