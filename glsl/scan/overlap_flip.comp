#version 450
// `overlap`, after both steps (and a barrier): flip the set of words the next run uses
// (overlap_reduce.comp). One invocation. An atomic, which acts in L2: a plain read-modify-write
// that met a multiprocessor's cached line of an earlier run would write back the set it had, and
// two runs would share one set (docs/scan.md, the thirty-eighth session).
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer State { uint set; };

void main() {
    atomicXor(set, 1u);
}
