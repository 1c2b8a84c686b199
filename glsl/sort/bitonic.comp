#version 450
// Ours (the document's references name it): a bitonic sorting network over the 2L slots (L a
// power of two), one compare-exchange per invocation per stage: log2(2L) * (log2(2L) + 1) / 2
// stages and barriers instead of odd-even's 2L (66 instead of 2048 for 2048 keys).
#extension GL_GOOGLE_include_directive : require
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TYPE = 0u;
#include "sort_common.glsl"

void main() {
    load_keys();
    uint i = gl_LocalInvocationID.x;
    uint m = 2u * gl_WorkGroupSize.x;
    for (uint k = 2u; k <= m; k <<= 1u) {
        for (uint j = k >> 1u; j > 0u; j >>= 1u) {
            uint lo = 2u * j * (i / j) + (i % j); // the pair (lo, lo + j) of this invocation
            uint hi = lo + j;
            if ((lo & k) == 0u) compare_swap(lo, hi); // ascending block
            else compare_swap(hi, lo);                // descending block
            barrier();
        }
    }
    store_keys();
}
