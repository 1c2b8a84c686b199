#version 450
// `stable` with the count and scatter overlapping: after both (and a barrier), flip the sets of
// words the next run uses (stable_count_overlap.comp). One invocation.
layout(local_size_x = 1) in;
layout(std430, binding = 3) buffer Tiles { uint word_set; };
layout(std430, binding = 8) buffer Supers { uint parity; };

void main() {
    word_set ^= 1u;
    parity ^= 1u;
}
