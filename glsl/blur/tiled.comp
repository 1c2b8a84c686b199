#version 450
// Step 3, tiled (seed 003, the WebGPU samples' imageBlur, literally): a workgroup of 32x1
// invocations; each loads a 4x4 block of texels into a shared tile of 4 rows x 128 texels;
// barrier; each output then averages N neighbours from the tile instead of the image.
// Only blockDim = 128 - (N - 1) outputs per tile row have their whole window in the tile (the
// apron), so workgroups step by blockDim along the row and the host dispatches
// ceil(width / blockDim) x ceil(height / 4) of them. flip = 1 swaps x and y (vertical pass),
// so the same shader does both passes. Limit: N <= TILE_W (blockDim >= 1).
#define BLUR_IMAGES
#include "blur_common.glsl"

layout(local_size_x_id = 0) in;                  // 32 invocations
layout(constant_id = 1) const uint TILE_W = 128; // texels per tile row = 32 * 4
layout(constant_id = 2) const uint ROWS = 4;     // tile rows = each invocation's block height
const uint PER = 4u;                             // texels per invocation per row (TILE_W / 32)

shared uvec4 tile[ROWS][TILE_W];

void main() {
    uint n = pc.filter_size;
    uint filter_offset = uint(window_before(n));
    uint block_dim = TILE_W - (n - 1u);
    // Sizes along the pass direction (x) and across it (y), in the flipped frame.
    ivec2 dims = pc.flip == 0u ? ivec2(pc.width, pc.height) : ivec2(pc.height, pc.width);
    ivec2 base = ivec2(gl_WorkGroupID.xy * uvec2(block_dim, ROWS) + gl_LocalInvocationID.xy * uvec2(PER, 1u))
               - ivec2(int(filter_offset), 0);

    for (uint r = 0u; r < ROWS; r++) {
        for (uint c = 0u; c < PER; c++) {
            ivec2 load = clamp(base + ivec2(c, r), ivec2(0), dims - 1); // edges clamp
            if (pc.flip != 0u) load = load.yx;
            tile[r][PER * gl_LocalInvocationID.x + c] = load_texel(load);
        }
    }

    barrier();

    for (uint r = 0u; r < ROWS; r++) {
        for (uint c = 0u; c < PER; c++) {
            ivec2 write = base + ivec2(c, r);
            uint center = PER * gl_LocalInvocationID.x + c;
            if (center >= filter_offset && center + n / 2u < TILE_W && all(lessThan(write, dims))) {
                uvec4 acc = uvec4(0);
                for (uint f = 0u; f < n; f++) {
                    acc += tile[r][center + f - filter_offset];
                }
                if (pc.flip != 0u) write = write.yx;
                store_texel(write, round_div(acc, n));
            }
        }
    }
}
