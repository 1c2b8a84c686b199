#version 450
// Step 1, naive: every output reads its N x N neighbourhood straight from the image.
// To equal the separable definition bit for bit (round after each pass), it rounds each of
// the N rows' horizontal sums first, then rounds the vertical sum of those: N*N reads.
#define BLUR_IMAGES
#include "blur_common.glsl"

layout(local_size_x_id = 0, local_size_y_id = 1) in;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= int(pc.width) || p.y >= int(pc.height)) return;
    uint n = pc.filter_size;
    int before = window_before(n);
    uvec4 acc = uvec4(0);
    for (int dy = 0; dy < int(n); dy++) {
        int y = p.y - before + dy;
        uvec4 row = uvec4(0);
        for (int dx = 0; dx < int(n); dx++) {
            row += load_clamped(ivec2(p.x - before + dx, y));
        }
        acc += round_div(row, n);
    }
    store_texel(p, round_div(acc, n));
}
