// A persistent grid's walk over an rgba8 image in tiles of 32 x 64 texels, one tile after another
// per group of 256 (grid-stride over the tiles): invocation l takes column l % 32 and rows
// l / 32 + 8 j of the tile, its eight imageLoads in flight before it uses any. Tiles, not rows,
// because GPUs lay images out in 2D blocks: a tile's texels share cache lines (on the H200 at
// 8192 x 8192, auto levels' steps 1-3 took 0.715 ms walking rows, 0.306 with tiles of 32 x 32,
// 0.286 with these; docs/levels.md). The includer declares `src` (a readonly rgba8 image2D)
// and defines `void texel(ivec2 at, uvec4 c)` before including this file: it gets each texel
// of the image once, as 0..255 integers (imageLoad's c / 255 rounds back to c exactly).
// An includer may instead define TEXEL_T (the type texel() gets) and LOAD_TEXEL(p) (how one is
// read), as histogram/fastest_sampled.comp does with texelFetch; texel() may then come after.
// Host side: dispatch min(tiles, cap) groups of 256, tiles = ceil(w / 32) * ceil(h / 64).
#ifndef TEXEL_T
#define TEXEL_T uvec4
#endif
#ifndef LOAD_TEXEL
#define LOAD_TEXEL(p) uvec4(round(imageLoad(src, p) * 255.0))
#endif
void texel(ivec2 at, TEXEL_T c);

const uint TILE_W = 32u;
const uint TILE_H = 64u;

void walk_image_tiles(uint width, uint height) {
    uint l = gl_LocalInvocationID.x;
    uint tiles_x = (width + TILE_W - 1u) / TILE_W, tiles = tiles_x * ((height + TILE_H - 1u) / TILE_H);
    uint lx = l % TILE_W, ly = l / TILE_W;
    for (uint t = gl_WorkGroupID.x; t < tiles; t += gl_NumWorkGroups.x) {
        uint x = (t % tiles_x) * TILE_W + lx, y0 = (t / tiles_x) * TILE_H + ly;
        TEXEL_T c[8];
        for (uint j = 0u; j < 8u; ++j) {
            uint y = y0 + 8u * j;
            c[j] = (x < width && y < height) ? LOAD_TEXEL(ivec2(x, y)) : TEXEL_T(0);
        }
        for (uint j = 0u; j < 8u; ++j) {
            uint y = y0 + 8u * j;
            if (x < width && y < height) texel(ivec2(x, y), c[j]);
        }
    }
}
