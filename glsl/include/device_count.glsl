// Counted runs: the number of elements is word 0 of a buffer that an earlier step wrote on the
// GPU (a compaction's count, say), read when the kernel runs, so no read back to the host sits
// between the two steps. The host sizes the grid for its capacity and passes that as the bound,
// to which the count is clamped. In other runs the buffer is unused (the host binds the input
// there). The including shader defines COUNT_BINDING first.
layout(std430, binding = COUNT_BINDING) readonly buffer DeviceCount { uint device_count; };

// The elements of this run: the device's count, at most `bound` (the push constant n), when
// `counted` (a push flag), else `bound` itself.
uint counted_n(bool counted, uint bound) {
    return counted ? min(device_count, bound) : bound;
}
