#version 450
// Step 2, separable: the same shader runs twice per iteration, horizontally (flip = 0) and
// vertically (flip = 1): 2N reads per output instead of N*N. No shared memory.
#define BLUR_IMAGES
#include "blur_common.glsl"

layout(local_size_x_id = 0, local_size_y_id = 1) in;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= int(pc.width) || p.y >= int(pc.height)) return;
    uint n = pc.filter_size;
    ivec2 dir = pc.flip == 0u ? ivec2(1, 0) : ivec2(0, 1);
    ivec2 first = p - dir * window_before(n);
    uvec4 acc = uvec4(0);
    for (int f = 0; f < int(n); f++) {
        acc += load_clamped(first + dir * f);
    }
    store_texel(p, round_div(acc, n));
}
