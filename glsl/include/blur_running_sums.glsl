// Ours, `fastest-sampled` for large filters: seed 003's separable blur (a horizontal pass, then a
// vertical one, each a dispatch) with each pass a running sum. An invocation owns a segment of SEG
// outputs along its pass: it sums its first window once (N texels), then per output adds the
// texel entering and subtracts the one leaving. Its cost per output no longer grows with N, where
// the fused tile (blur_sampled.glsl) fetches an apron of N - 1 texels on each side of a tile that
// shared memory keeps small. The horizontal results go to the caller's `tmp` image, in the
// output format: each pass's result is already the definition's (rounded to the format), so the
// two passes give the fused kernel's result bit for bit.
//   horizontal_running_sums*.comp  read the source (sampled, any format), write `tmp`;
//   vertical_running_sums*.comp    read `tmp` (a storage image), write `dst`.
// Adjacent invocations own adjacent rows (horizontal) or columns (vertical) at the same place
// along the pass; sampled and storage images are tiled in both directions, so both passes read
// neighbouring texels together.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_samplerless_texture_functions : require
#extension GL_EXT_control_flow_attributes : require
#include "blur_common.glsl"

layout(local_size_x_id = 0) in;
layout(constant_id = 3) const uint N = 15;      // filter size (pc.filter_size must equal it)
layout(constant_id = 5) const uint DECODE = 0u; // 8-bit sources: 0 UNORM, 1 sRGB
layout(constant_id = 7) const uint SEG = 64;    // outputs per invocation along the pass

#ifdef VERTICAL
// The horizontal pass's results, stored in the output format (rgba8 codes or halves).
layout(set = 0, binding = 0, OUT_FORMAT) uniform readonly image2D src;
#define FETCH(p) imageLoad(src, p)
#else
layout(set = 0, binding = 0) uniform texture2D src;
#define FETCH(p) texelFetch(src, p, 0)
#endif
layout(set = 0, binding = 1, OUT_FORMAT) uniform writeonly image2D dst;

#include "blur_items.glsl"

// Texel `along` of line `across`: a row (horizontal pass) or a column (vertical pass).
#ifdef VERTICAL
ivec2 at(int along, uint across) { return ivec2(int(across), along); }
#else
ivec2 at(int along, uint across) { return ivec2(along, int(across)); }
#endif

void main() {
#ifdef VERTICAL
    int len = int(pc.height);
    uint lines = pc.width;
#else
    int len = int(pc.width);
    uint lines = pc.height;
#endif
    uint line = gl_GlobalInvocationID.x;
    int first = int(gl_WorkGroupID.y * SEG);
    if (line >= lines || first >= len) return;
    int end = min(first + int(SEG), len);
    const int BEFORE = int((N - 1u) / 2u);
    const int AFTER = int(N / 2u);
    // The first window, clamped at the edges: texels first - BEFORE ..= first + AFTER.
    ACC_T s = acc_zero();
    for (uint k = 0u; k < N; k++) acc_add(s, decode_texel(FETCH(at(clamp(first - BEFORE + int(k), 0, len - 1), line))));
    for (int i = first; i < end; i++) {
        imageStore(dst, at(i, line), encode_texel(acc_round(s)));
        if (i + 1 < end) {
            acc_add(s, decode_texel(FETCH(at(min(i + 1 + AFTER, len - 1), line))));
            acc_sub(s, decode_texel(FETCH(at(max(i - BEFORE, 0), line))));
        }
    }
}
