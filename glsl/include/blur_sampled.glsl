// Ours, on an engine's image of any common colour format: `fastest`'s fused tile (both passes in
// one dispatch, the horizontal results in shared memory, running sums), reading a SAMPLED image
// with texelFetch and writing a storage image. Included by
//   fastest_sampled.comp       8-bit formats (UNORM, sRGB, BGRA): the integer blur of the stored
//                              codes (blur_common.glsl's definition), written to an rgba8 image;
//   fastest_sampled_half.comp  float formats (half, float, packed float): each pass writes the
//                              window's EXACT mean rounded to the nearest half (ties to even),
//                              written to an rgba16f image.
// The items summed, and why the float blur can be exact: glsl/include/blur_items.glsl.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_samplerless_texture_functions : require
#extension GL_EXT_control_flow_attributes : require
#include "blur_common.glsl"

layout(local_size_x_id = 0) in;             // WG invocations, a multiple of TW
layout(constant_id = 1) const uint TW = 32; // output tile width, a multiple of PX
layout(constant_id = 2) const uint TH = 50; // output tile height
layout(constant_id = 3) const uint N = 15;  // filter size (pc.filter_size must equal it)
layout(constant_id = 4) const uint PX = 8;  // phase-1 outputs per item
layout(constant_id = 5) const uint DECODE = 0u; // 8-bit formats: 0 UNORM, 1 sRGB

layout(set = 0, binding = 0) uniform texture2D src;
layout(set = 0, binding = 1, OUT_FORMAT) uniform writeonly image2D dst;

#ifdef BLUR_HALF
#define REFETCH // phase 1 fetches a window's texels again rather than holding them in registers
#endif
#include "blur_items.glsl"

ITEM_T load_item(ivec2 p) { return decode_texel(texelFetch(src, p, 0)); }
void store_item(ivec2 p, ITEM_T v) { imageStore(dst, p, encode_texel(v)); }

const uint ROWS = TH + N - 1u;
shared ITEM_T hs[ROWS * TW]; // the horizontal results of the rows the tile needs
const int BEFORE = int((N - 1u) / 2u);
const uint L = N + PX - 1u; // texels one phase-1 item reads

void main() {
    const uint GROUPS = TW / PX;
    int w = int(pc.width);
    int h = int(pc.height);
    int x0 = int(gl_WorkGroupID.x * TW);
    int y0 = int(gl_WorkGroupID.y * TH);
    uint lid = gl_LocalInvocationIndex;

    // Phase 1: the horizontal pass of rows y0 - BEFORE .. y0 + TH - 1 + N / 2 (clamped) into
    // shared memory; an item is PX neighbouring outputs of one row, from one running sum.
    for (uint i = lid; i < ROWS * GROUPS; i += gl_WorkGroupSize.x) {
        uint r = i / GROUPS;
        uint g = i - r * GROUPS;
        int xb = x0 + int(g * PX);
        if (xb >= w) continue;
        int y = clamp(y0 - BEFORE + int(r), 0, h - 1);
#ifdef REFETCH
#define TEXEL(k) load_item(ivec2(clamp(xb - BEFORE + int(k), 0, w - 1), y))
#else
        ITEM_T v[L];
        for (uint k = 0u; k < L; k++) v[k] = load_item(ivec2(clamp(xb - BEFORE + int(k), 0, w - 1), y));
#define TEXEL(k) v[k]
#endif
        ACC_T s = acc_zero();
        for (uint k = 0u; k < N; k++) acc_add(s, TEXEL(k));
        uint o = r * TW + g * PX;
        hs[o] = acc_round(s);
        for (uint j = 1u; j < PX; j++) {
            acc_add(s, TEXEL(N - 1u + j));
            acc_sub(s, TEXEL(j - 1u));
            hs[o + j] = acc_round(s);
        }
    }

    barrier();

    // Phase 2: vertical running sums, one column per invocation, one row segment each.
    const uint SEGS = gl_WorkGroupSize.x / TW;
    const uint PER = (TH + SEGS - 1u) / SEGS;
    uint c = lid % TW;
    uint seg = lid / TW;
    int x = x0 + int(c);
    uint r0 = seg * PER;
    uint r1 = min(min(r0 + PER, TH), uint(max(h - y0, 0)));
    if (x >= w || r0 >= r1) return;
    ACC_T s = acc_zero();
    for (uint k = 0u; k < N; k++) acc_add(s, hs[(r0 + k) * TW + c]);
    for (uint r = r0; r < r1; r++) {
        store_item(ivec2(x, y0 + int(r)), acc_round(s));
        if (r + 1u < r1) {
            acc_add(s, hs[(r + N) * TW + c]);
            acc_sub(s, hs[r * TW + c]);
        }
    }
}
