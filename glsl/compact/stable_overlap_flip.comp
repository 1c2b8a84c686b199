#version 450
// `stable` with the count and scatter overlapping: after both (and a barrier), flip the sets of
// words the next run uses (stable_count_overlap.comp). One invocation. Atomics, which act in L2:
// a plain read-modify-write that met a multiprocessor's cached line of an earlier run would write
// back the value the sets already had, and two runs would share one set (docs/scan.md, the
// thirty-eighth session).
layout(local_size_x = 1) in;
layout(std430, binding = 3) buffer Tiles { uint word_set; };
layout(std430, binding = 8) buffer Supers { uint parity; };

void main() {
    atomicXor(word_set, 1u);
    atomicXor(parity, 1u);
}
